/** Privacy texts and limits shared by server and screens (issue 12). */

/** Default small-group threshold, and the lowest a school may set. */
export const DEFAULT_MIN_GROUP_SIZE = 5;
export const MIN_GROUP_SIZE_FLOOR = 3;

/** Why an anonymous survey's answers are hidden: shown on the results page, in the CSV refusal and in exports. */
export const groupProtectionMessage = (threshold: number, respondedCount: number) =>
  `This survey is anonymous, so its answers stay hidden until at least ${threshold} students have responded (${respondedCount} so far). With fewer, answers could be traced back to the students who gave them.`;
