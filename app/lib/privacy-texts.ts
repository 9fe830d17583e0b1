/** Privacy texts the screens show; no validation library here, so the browser can load it (ADR 141). */

/** Why an anonymous survey's answers are hidden: shown on the results page, in the CSV refusal and in exports. */
export const groupProtectionMessage = (threshold: number, respondedCount: number) =>
  `This survey is anonymous, so its answers stay hidden until at least ${threshold} students have responded (${respondedCount} so far). With fewer, answers could be traced back to the students who gave them.`;

/** Answers of an anonymous survey given or changed since its last release (ADR 188): shown on the results page. */
export const unreleasedAnswersMessage = (unreleasedCount: number, threshold: number) =>
  `${unreleasedCount === 1 ? "1 answer is" : `${unreleasedCount} answers are`} not shown yet: answers appear in groups of ${threshold} so nobody's answer can be picked out.`;

/** The same two texts as catalogue keys (ICU), for screens in the reader's language (issue #28). */
export const GROUP_PROTECTION_KEY =
  "This survey is anonymous, so its answers stay hidden until at least {threshold} students have responded ({count} so far). With fewer, answers could be traced back to the students who gave them.";
export const UNRELEASED_ANSWERS_KEY =
  "{count, plural, one {# answer is} other {# answers are}} not shown yet: answers appear in groups of {threshold} so nobody's answer can be picked out.";
