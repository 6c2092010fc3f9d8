/** What every stored aggregate carries: the store keeps these up to date. */
export type Versioned = { version: number; createdAt: Date; updatedAt: Date };
