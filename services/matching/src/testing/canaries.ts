/** Rare words put in every free-text field of a request: none may stay once its party is erased. */
export const canaries = (who: string) => ({
  message: `Quillbert ${who} message`,
  adminNotes: `Quillbert ${who} admin notes +44 7700 900123`,
  contactNote: `Quillbert ${who} contact quillbert.${who}@example.org`,
});
