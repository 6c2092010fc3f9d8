/**
 * Two reflected properties of the HTML standard that happy-dom 21.0.4 leaves out and the
 * browsers have: `HTMLSelectElement.size` (the `size` attribute, 0 when absent) and
 * `HTMLOptionElement.defaultSelected` (the `selected` attribute). react-hook-form reads both
 * when a `<select>` registers, to tell whether the user changed it before the form was ready
 * (`isSelectEdited`); without them every select counts as changed, so the form keeps the
 * first option instead of its default value, and an edit form fails its own validation
 * ("Please choose an industry" on a saved profile). Each shim steps aside once happy-dom has
 * the property.
 */
export function fillHappyDomGaps() {
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
        return Number.isNaN(size) || size < 0 ? 0 : size;
      },
      set(this: HTMLSelectElement, size: number) {
        this.setAttribute('size', String(size));
      },
    });
  }
  if (!('defaultSelected' in HTMLOptionElement.prototype)) {
    Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
      configurable: true,
      get(this: HTMLOptionElement) {
        return this.hasAttribute('selected');
      },
      set(this: HTMLOptionElement, selected: boolean) {
        this.toggleAttribute('selected', Boolean(selected));
      },
    });
  }
}
