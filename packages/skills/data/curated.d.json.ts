/** `[id, label, alternative labels?]`, declared here so that the checker does not infer a type from every entry. */
declare const entries: readonly (readonly [string, string, (readonly string[])?])[];
export default entries;
