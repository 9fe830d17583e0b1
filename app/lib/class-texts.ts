/**
 * Class-area texts a screen shows and a domain rule answers with. No zod here:
 * screens import it, and the browser gets no validation library (ADR 141).
 */

/** A signed-up teacher whose account no school has taken in yet: what to do next. */
export const NO_SCHOOL_YET_MESSAGE =
  "Your account is not part of a school yet, so you cannot create a class. Only a platform administrator can add an account to a school: ask your school's administrator to arrange it, and give them the e-mail address you signed up with.";
