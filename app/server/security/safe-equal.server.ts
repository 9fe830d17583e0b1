/** Compares two secrets in constant time, whatever their lengths. */
import { createHmac, timingSafeEqual } from "node:crypto";

export function safeEqual(a: string, b: string): boolean {
  // Hash both sides first: equal lengths for timingSafeEqual, and no length leak.
  const left = createHmac("sha256", "compare").update(a).digest();
  const right = createHmac("sha256", "compare").update(b).digest();
  return timingSafeEqual(left, right);
}
