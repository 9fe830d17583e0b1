/** Why a provider sign-in stopped before our rules (ADR 210); the screen and the strategy share the names. */
export type OidcProblemKind =
  | "expired"
  | "mismatch"
  | "cancelled"
  | "not-trusted"
  | "consent"
  | "unreachable"
  | "misconfigured"
  | "failed";

/** Why our rules found nobody to sign in (ADR 211). */
export type ProviderRefusalKind = "unverified" | "wrong-school" | "unknown" | "no-email";

/** Every plain page a provider sign-in can end on. */
export type ProviderProblemKind = OidcProblemKind | ProviderRefusalKind | "too-many";
