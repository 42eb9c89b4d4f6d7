import { labelsFor } from '../services/render/shared/labels.js';

/**
 * What the MCP Apps view says in its own voice, to a member of the public, when it has no page to
 * show: a render that failed (with what kind of thing is wrong, never an error code) or a render it
 * could not load. One table per locale the page itself speaks; English is the fallback.
 */
const EN = {
  preparing: labelsFor('en').preparing,
  problemTitle: 'This disclosure cannot be shown yet',
  problemLead: 'The people responsible for this system need to correct its description first: ',
  missing: 'something it must say is missing',
  edition: 'it was written for another edition of the DTPR vocabulary',
  unknown: 'it mentions something the DTPR vocabulary does not define',
  form: 'some of its details are not written in the expected form',
  unavailableTitle: 'This disclosure is not available',
  unavailableLead: 'It could not be loaded. Please try again later.',
};

type Words = typeof EN;

const FR: Words = {
  preparing: labelsFor('fr').preparing,
  problemTitle: 'Cette fiche ne peut pas encore être affichée',
  problemLead: 'Les responsables de ce système doivent d\u2019abord corriger sa description\u00a0: ',
  missing: 'une information obligatoire manque',
  edition: 'elle a été écrite pour une autre édition du vocabulaire DTPR',
  unknown: 'elle mentionne un élément que le vocabulaire DTPR ne définit pas',
  form: 'certains détails ne sont pas écrits sous la forme attendue',
  unavailableTitle: 'Cette fiche n\u2019est pas disponible',
  unavailableLead: 'Elle n\u2019a pas pu être chargée. Veuillez réessayer plus tard.',
};

/** The view's sentences by primary language subtag. */
export const VIEW_WORDS: Readonly<Record<string, Words>> = { en: EN, fr: FR };
