/** A student API call that must be refused: its status and `{ code, message, … }` body. */
import { expect } from "vitest";
import { StudentApiHttpError } from "~/lib/student-api/client";

export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StudentApiHttpError);
  const httpError = error as StudentApiHttpError;
  return {
    status: httpError.status,
    ...(httpError.body as { code: string; message: string; fieldErrors?: object; suggestion?: object }),
  };
}
