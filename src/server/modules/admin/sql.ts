export { rowsOf } from '@server/db/rows';

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
