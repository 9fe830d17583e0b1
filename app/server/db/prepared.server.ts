/**
 * drizzle prepared queries, built once per database (ADR 063). A hot query
 * (the session lookup on every signed-in request, the user's classes on
 * every class screen) is otherwise rebuilt from its query builder on each
 * call, which cost more CPU than sending it; prepared, drizzle keeps its SQL
 * and PostgreSQL keeps its plan (a named statement per connection).
 */
import type { Db } from "./client.server";

export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
