import type { Db } from './client';

/**
 * Queries prepared once per connection and shape (drizzle's `.prepare()` with placeholders) instead of built on
 * every request: `prepare(db, shape)` runs the first time a connection asks for a shape, and its statements are
 * reused after. On PostgreSQL they are unnamed, so any pooled connection can run them.
 */
export function preparedPerConnection<Shape extends string, Queries>(
  prepare: (db: Db, shape: Shape) => Queries,
): (db: Db, shape: Shape) => Queries {
  const byConnection = new WeakMap<Db, Map<Shape, Queries>>();
  return (db, shape) => {
    let shapes = byConnection.get(db);
    if (!shapes) byConnection.set(db, (shapes = new Map<Shape, Queries>()));
    let queries = shapes.get(shape);
    if (!queries) shapes.set(shape, (queries = prepare(db, shape)));
    return queries;
  };
}
