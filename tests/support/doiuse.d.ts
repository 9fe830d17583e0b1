/** doiuse 6 ships no types for its ESM entry: the part tests/support/css-support.ts uses. */
declare module "doiuse" {
  import type { PluginCreator } from "postcss";

  export interface FeatureUsage {
    feature: string;
    featureData: { title: string; missing: string; partial: string };
    message: string;
    usage: unknown;
  }

  const doiuse: PluginCreator<{
    browsers: string[];
    ignore?: string[];
    onFeatureUsage?: (usage: FeatureUsage) => void;
  }>;
  export default doiuse;
}
