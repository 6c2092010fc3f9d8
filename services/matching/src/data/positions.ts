import type { Connection } from 'mongoose';
import { Schema } from 'mongoose';
import type { Position } from '../domain/position';
import type { PositionStore } from '../use-cases/positions';

const positionSchema = new Schema(
  {
    _id: { type: String, required: true },
    employerId: { type: String, required: true, index: true },
    status: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    workMode: { type: String, required: true },
    location: { type: String, default: null },
    country: { type: String, default: null },
    salary: { type: Object, required: true },
    mustHave: { type: [String], default: [] },
    niceToHave: { type: [String], default: [] },
    experience: { type: String, required: true },
    education: { type: String, required: true },
    startWithinWeeks: { type: Number, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

type PositionDoc = Omit<Position, 'id' | 'location'> & { _id: string; location: string | null };

const toDoc = ({ id, location, ...fields }: Position): PositionDoc => ({
  _id: id,
  ...fields,
  location: location ?? null,
});
const fromDoc = ({ _id, location, ...fields }: PositionDoc): Position => ({
  id: _id,
  ...fields,
  ...(location !== null ? { location } : {}),
  salary: { min: fields.salary.min, max: fields.salary.max, currency: fields.salary.currency },
  mustHave: [...fields.mustHave],
  niceToHave: [...fields.niceToHave],
});

/** Newest first, ties by id: the order of an employer's positions. */
export const newestPositionFirst = (a: Position, b: Position) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Employers' positions in `positions`, one document each, always read and written with the
 * employer's id in the filter: no call reaches another employer's. They publish no event: only
 * this service reads them (a search, a request's snapshot). An employer's erasure deletes them.
 */
export function createPositionData(connection: Connection): PositionStore & { model: unknown } {
  const Positions = connection.model<PositionDoc>('Position', positionSchema, 'positions');
  return {
    model: Positions,
    async list(employerId) {
      const docs = await Positions.find({ employerId }).lean<PositionDoc[]>();
      return docs.map(fromDoc).sort(newestPositionFirst);
    },
    async find(employerId, id) {
      const doc = await Positions.findOne({ _id: id, employerId }).lean<PositionDoc>();
      return doc ? fromDoc(doc) : undefined;
    },
    count: (employerId) => Positions.countDocuments({ employerId }),
    async insert(position) {
      await Positions.create(toDoc(position));
    },
    async replace(position) {
      const { _id, ...fields } = toDoc(position);
      const result = await Positions.replaceOne({ _id, employerId: position.employerId }, fields);
      return result.matchedCount === 1;
    },
    async removeAll(employerId) {
      return (await Positions.deleteMany({ employerId })).deletedCount;
    },
  };
}
