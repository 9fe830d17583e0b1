/**
 * A small typed client for the student API (docs/api.md#student-api). Fetch with JSON
 * bodies; a non-ok answer throws StudentApiHttpError with the message
 * 'HTTP error! status: {status}', carrying the status, the body (parsed
 * JSON, or the text when it is not JSON) and the headers (`Retry-After`),
 * and logs it (docs/product.md#error-texts).
 *
 *   const api = createStudentApiClient({ baseUrl: "https://classroom.example.org" });
 *   let joined = await api.join({ code: "SUNNY-4821", firstName: "Mia", lastName: "Jensen" });
 *   // 202 "waiting": the teacher lets this device in; ask again every few seconds.
 *   while (joined.status === "waiting") joined = await api.collectJoin(joined.requestSecret);
 *   const signedIn = api.withToken(joined.token);
 *   const { assignments } = await signedIn.listAssignments();
 */
import type {
  AssignmentsResponse,
  DrawingUploadResponse,
  HeartbeatResponse,
  JoinRequest,
  JoinResponse,
  SubmitResponseRequest,
  SubmitResponseResponse,
  SurveyContentResponse,
} from "./schemas";

export class StudentApiHttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The answer's headers, e.g. `Retry-After` on a 429 or 503. */
  readonly headers: Headers;

  constructor(status: number, body: unknown, headers: Headers = new Headers()) {
    super(`HTTP error! status: ${status}`);
    this.name = "StudentApiHttpError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export interface StudentApiClientOptions {
  /** The site's origin, e.g. https://classroom.example.org (no trailing path). */
  baseUrl: string;
  token?: string;
  /**
   * This installation's own random id (16–64 of A–Z a–z 0–9 _ -), sent as
   * `X-Device-Id`: a device's wrong class codes then slow only that device
   * (docs/api.md "Guessing a class code"). Make it once and keep it.
   */
  deviceId?: string;
  fetch?: typeof fetch;
  /** Where failed calls are logged; console.error by default. */
  logError?: (error: StudentApiHttpError) => void;
}

export interface SubmitOptions {
  /** Reuse the same key when retrying the same submission. */
  idempotencyKey?: string;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createStudentApiClient(options: StudentApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const logError = options.logError ?? ((error: StudentApiHttpError) => console.error(error.message, error.body));
  const base = `${options.baseUrl.replace(/\/+$/, "")}/api/student/v1`;

  async function call<T>(
    method: string,
    path: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json");
    if (options.token) headers.set("authorization", `Bearer ${options.token}`);
    if (options.deviceId) headers.set("x-device-id", options.deviceId);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await doFetch(`${base}${path}`, { method, headers, body, credentials: "omit" });
    const parsed = await readBody(response);
    if (!response.ok) {
      const error = new StudentApiHttpError(response.status, parsed, response.headers);
      logError(error);
      throw error;
    }
    return { data: parsed as T, response };
  }

  return {
    /** POST /join: no token needed. */
    join: async (input: JoinRequest) => (await call<JoinResponse>("POST", "/join", { json: input })).data,
    /** POST /join/collect: while the teacher decides (202 "waiting"), then the token (200 "joined"). */
    collectJoin: async (requestSecret: string) =>
      (await call<JoinResponse>("POST", "/join/collect", { json: { requestSecret } })).data,
    /** A client that sends this token. */
    withToken: (token: string) => createStudentApiClient({ ...options, token }),
    heartbeat: async () => (await call<HeartbeatResponse>("POST", "/heartbeat")).data,
    listAssignments: async () => (await call<AssignmentsResponse>("GET", "/assignments")).data,
    getSurvey: async (surveyId: number) => (await call<SurveyContentResponse>("GET", `/surveys/${surveyId}`)).data,
    /** POST /assignments/{id}/responses. `replayed` is true when the server answered a retry from its stored response. */
    submitResponse: async (assignmentId: number, input: SubmitResponseRequest, submitOptions: SubmitOptions = {}) => {
      const headers: Record<string, string> = {};
      if (submitOptions.idempotencyKey) headers["idempotency-key"] = submitOptions.idempotencyKey;
      const { data, response } = await call<SubmitResponseResponse>("POST", `/assignments/${assignmentId}/responses`, {
        json: input,
        headers,
      });
      return { ...data, replayed: response.headers.get("idempotent-replayed") === "true" };
    },
    /** POST /assignments/{id}/drawings?fieldUid=…, the PNG bytes as the body. */
    uploadDrawing: async (assignmentId: number, fieldUid: string, png: Uint8Array | Blob) =>
      (
        await call<DrawingUploadResponse>(
          "POST",
          `/assignments/${assignmentId}/drawings?fieldUid=${encodeURIComponent(fieldUid)}`,
          {
            body: png instanceof Blob ? png : new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" }),
            headers: { "content-type": "image/png" },
          },
        )
      ).data,
    openApi: async () => (await call<Record<string, unknown>>("GET", "/openapi.json")).data,
  };
}

export type StudentApiClient = ReturnType<typeof createStudentApiClient>;
