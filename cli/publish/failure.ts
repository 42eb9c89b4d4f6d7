/**
 * Publishing could not complete for a reason in the bucket, not in the content: an unreadable
 * index, a bucket that keeps failing, or a write that kept losing to other publishers. `message`
 * says what happened, `fix` what to do; the CLI prints both, never a stack trace.
 */
export class PublishFailure extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'PublishFailure';
  }
}
