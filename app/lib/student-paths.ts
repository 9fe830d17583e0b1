/** Where the students' side lives (shared by the pages and the server). */
export const JOIN_PATH = "/join";
export const STUDENT_HOME_PATH = "/student";
export const STUDENT_SIGN_OUT_PATH = "/student/sign-out";
export const STUDENT_HEARTBEAT_PATH = "/student/heartbeat";

export function studentAssignmentPath(assignmentId: number): string {
  return `${STUDENT_HOME_PATH}/assignments/${assignmentId}`;
}

/** Where a device waits for the teacher to let it in (ADR 180). */
export const JOIN_WAITING_PATH = "/join/waiting";
