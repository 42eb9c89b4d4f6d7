import * as z from 'zod';

/** Imported before any schema is built: zod then parses as in workerd, which forbids eval. */
z.config({ jitless: true });
