import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest is one cached file, not matched and inlined into every page (docs/performance.md).
  routeDiscovery: { mode: "initial" },
  future: {
    v8_middleware: true,
  },
} satisfies Config;
