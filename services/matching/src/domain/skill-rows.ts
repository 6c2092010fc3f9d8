import type { Skill, SkillNumbers } from './compact-projection';

/** Skills a row holds; a candidate with more is read from its projection. */
export const rowWidth = 16;
/** A row's first cell for a candidate whose skills it cannot hold (too many, or one the pool does not number). */
const readElsewhere = 0xffff;

/**
 * Each candidate's skills as the pool numbers them, one fixed row of 16 numbers a slot in one
 * typed array (32 bytes a candidate). A ranked search reads a match's skills from its row, which
 * costs one cache line: reaching them through the candidate's objects (its list, the list's
 * storage) cost several, and at a million candidates that walk was most of a search's time
 * (decision 0027). A cell holds the skill's number + 1; 0 ends the row.
 */
export class SkillRows {
  private cells = new Uint16Array(rowWidth * 1024);

  /** Writes a slot's skills in its row (the row grows the array as slots are added). */
  set(slot: number, skills: readonly Skill[], pool: Pick<SkillNumbers, 'numberOf'>) {
    const start = slot * rowWidth;
    this.cells = holding(this.cells, start + rowWidth);
    const { cells } = this;
    if (skills.length > rowWidth) {
      cells[start] = readElsewhere;
      return;
    }
    for (let at = 0; at < skills.length; at++) {
      const number = pool.numberOf(skills[at]!);
      if (number === undefined || number + 1 >= readElsewhere) {
        cells[start] = readElsewhere;
        return;
      }
      cells[start + at] = number + 1;
    }
    if (skills.length < rowWidth) cells[start + skills.length] = 0;
  }

  /**
   * Fills `best` (from 0 to `terms`) with the best weight the slot's skills bring to each term
   * (`weightsOf`, by the skill's number: -1 where a skill does not answer the term), 0 where none
   * answers. False when the row does not hold the slot's skills: the caller reads them elsewhere.
   */
  bestWeights(
    slot: number,
    weightsOf: (number: number) => ArrayLike<number>,
    terms: number,
    best: Float64Array,
  ): boolean {
    const { cells } = this;
    const start = slot * rowWidth;
    if (cells[start] === readElsewhere) return false;
    for (let at = 0; at < terms; at++) best[at] = 0;
    for (let cell = start; cell < start + rowWidth; cell++) {
      const held = cells[cell]!;
      if (held === 0) break;
      const weights = weightsOf(held - 1);
      for (let at = 0; at < terms; at++) {
        const weight = weights[at]!;
        if (weight > best[at]!) best[at] = weight;
      }
    }
    return true;
  }
}

/**
 * `cells`, or a copy twice as long (or more) when it is shorter than `length`: the typed arrays by
 * slot grow as slots are added (`SkillRows`, the experience bands).
 */
export function holding<T extends Uint8Array | Uint16Array>(cells: T, length: number): T {
  if (length <= cells.length) return cells;
  let grown = cells.length;
  while (grown < length) grown *= 2;
  const copy = new (cells.constructor as new (length: number) => T)(grown);
  copy.set(cells);
  return copy;
}
