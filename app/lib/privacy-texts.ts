/** Privacy texts the screens show; no validation library here, so the browser can load it (ADR 141). */

/** Why an anonymous survey's answers are hidden: shown on the results page, in the CSV refusal and in exports. */
export const groupProtectionMessage = (threshold: number, respondedCount: number) =>
  `This survey is anonymous, so its answers stay hidden until at least ${threshold} students have responded (${respondedCount} so far). With fewer, answers could be traced back to the students who gave them.`;
