const MIB = 1024 * 1024;

/** The bounds of one OneRoster upload (issue 39.2; docs/security.md#budgets), for the server and the form alike. */
export const ONEROSTER_LIMITS = {
  /** The zip as uploaded: a school of 2,000 students and their enrolments is a few hundred kB. */
  zipBytes: 2 * MIB,
  /** Files in the zip: the 1.2 set has 16 kinds, with room. */
  entries: 40,
  /** All files unpacked together, as the zip declares them (more is never inflated). */
  uncompressedBytes: 16 * MIB,
  /** Rows of one CSV file after its header. */
  rowsPerFile: 20_000,
} as const;
