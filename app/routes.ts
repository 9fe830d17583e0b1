import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Written out by hand to mirror SPEC.md §2's route table. */
export default [
  index("routes/index.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
