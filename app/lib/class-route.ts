/**
 * Class route loading (docs/product.md#class-route-loading), as a pure decision:
 * 1. the user's own classes are given;
 * 2. none → /home?noClasses=true;
 * 3. the requested id is not among them → the first class's home;
 * 4. otherwise that class is the current class. (-1 therefore always falls back.)
 */
import { parseRecordId } from "./schemas/ids";

export type ClassRouteDecision<T extends { id: number }> =
  | { kind: "no-classes"; redirectTo: string }
  | { kind: "fallback"; redirectTo: string }
  | { kind: "current"; currentClass: T };

export function decideClassRoute<T extends { id: number }>(
  classes: readonly T[],
  requestedClassId: string | undefined,
): ClassRouteDecision<T> {
  if (classes.length === 0) return { kind: "no-classes", redirectTo: "/home?noClasses=true" };
  const requested = parseRecordId(requestedClassId);
  const match = requested === null ? undefined : classes.find((c) => c.id === requested);
  if (!match) return { kind: "fallback", redirectTo: `/class/${classes[0].id}/home` };
  return { kind: "current", currentClass: match };
}
