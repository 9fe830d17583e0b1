/** The part of pa11y 9's API the accessibility runners test uses (pa11y ships no types). */
declare module "pa11y" {
  interface Pa11yIssue {
    code: string;
    type: "error" | "warning" | "notice";
    message: string;
    selector: string;
    runner: string;
    /** The axe runner's details; `needsFurtherReview` marks what axe could not decide ("incomplete"). */
    runnerExtras?: { impact?: string; needsFurtherReview?: boolean };
  }
  interface Pa11yOptions {
    runners?: string[];
    standard?: "WCAG2A" | "WCAG2AA" | "WCAG2AAA";
    headers?: Record<string, string>;
    timeout?: number;
    includeWarnings?: boolean;
    includeNotices?: boolean;
    chromeLaunchConfig?: { executablePath?: string; args?: string[] };
  }
  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
