/**
 * The student API's contract (docs/api.md#student-api): the zod schemas that validate its
 * requests and describe its answers. The route modules parse with these, the
 * OpenAPI document (./openapi.ts) is generated from these, and the typed
 * client (./client.ts) takes its types from these, so the three cannot drift.
 */
import { z } from "zod";
import { LANGUAGE_CODES, type Language } from "../i18n/languages";
import { strictBody } from "../schemas/strict-body";
import { singleLineCheck, singleLineText } from "../schemas/text";
import { studentNameText } from "../student-name";

import {
  MAX_DRAWING_DESCRIPTION_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PERSONAL_CODE_LENGTH,
  MAX_TEXT_ANSWER_LENGTH,
} from "./limits";

/** The contract's limits, for those who import the contract. */
export * from "./limits";

/**
 * A first or last name: normalised like every stored name (NFKC, no invisible
 * characters; ~/lib/student-name). May be left out or empty: a class that joins
 * with personal codes asks no names, and in a class that joins by name the
 * server answers VALIDATION for a missing one.
 */
const name = (label: string) =>
  studentNameText(`${label} is required`)
    .max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`)
    .optional();

export const joinRequestSchema = strictBody({
  code: singleLineText("Class code is required").max(40, "Class code is too long").optional().meta({
    description:
      "The class code the teacher shows, e.g. KTRW-4827-MBQP. Case, spaces, hyphens and dots are ignored. Needed unless `card` is given.",
    example: "SUNNY-4821",
  }),
  card: singleLineText().max(200, "Card is too long").optional().meta({
    description:
      "The token of a sign-in card's QR code (`card` in `/join?card=ocd_…`): that student in that class, whatever the class code does since; nothing else is needed.",
  }),
  firstName: name("First name").meta({
    description: "Needed in a class that joins by name unless a personal code is given.",
    example: "Mia",
  }),
  lastName: name("Last name").meta({ example: "Jensen" }),
  personalCode: singleLineText().max(MAX_PERSONAL_CODE_LENGTH, "Personal code is too long").optional().meta({
    description:
      "The student's personal code from their card, e.g. KMR-394 (case, spaces and the hyphen are ignored). With it the names are not needed; a class that joins with personal codes needs it.",
    example: "KMR-394",
  }),
  newName: z.boolean().optional().meta({
    description:
      'true when the student answered "I am new" to a NAME_CLOSE_TO_LISTED question: the typed name then joins as a new name by the class\'s rule, without the question.',
  }),
})
  .superRefine((body, context) => {
    if (!body.card && !body.code)
      context.addIssue({ code: "custom", path: ["code"], message: "Class code is required" });
  })
  .meta({ id: "JoinRequest" });
export type JoinRequest = z.input<typeof joinRequestSchema>;

const studentClassSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sourcedId: z.string().nullable().meta({
      description:
        "The class's id in the school's information system (OneRoster `sourcedId`) when the school imported it from there; null otherwise. An app can match the class with its own roster by it.",
    }),
  })
  .meta({ id: "StudentClass" });

export const joinedResponseSchema = z
  .object({
    status: z.literal("joined"),
    token: z.string().meta({
      description:
        "The student token. Send it as `Authorization: Bearer <token>`. Shown once; the server keeps only its hash.",
    }),
    expiresIn: z.number().int().positive().meta({
      description:
        "Seconds the token works from now (a school day, 28800). After that every call answers 401: forget the token and show the join screen. Counted from the answer, so a wrong device clock does not matter.",
    }),
    student: z.strictObject({ firstName: z.string(), lastName: z.string() }).meta({
      id: "JoinedStudent",
      description:
        "The name as it was typed (normalised), never as the roster spells it; no student id, so the answer does not tell whether the name was on the roster.",
    }),
    class: studentClassSchema,
  })
  .meta({ id: "JoinedResponse" });

export const joinWaitingResponseSchema = z
  .object({
    status: z.literal("waiting"),
    requestSecret: z.string().meta({
      description:
        "Send it to POST /join/collect every few seconds to collect the token once the teacher lets this device in. Shown once; the server keeps only its hash.",
    }),
    expiresAt: z.iso
      .datetime({ offset: true })
      .meta({ description: "The request lapses then if the teacher has not answered." }),
    message: z.string(),
    class: studentClassSchema,
  })
  .meta({ id: "JoinWaitingResponse" });

/** POST /join and POST /join/collect: joined (200) or waiting for the teacher (202). */
export const joinResponseSchema = z
  .discriminatedUnion("status", [joinedResponseSchema, joinWaitingResponseSchema])
  .meta({ id: "JoinResponse" });
export type JoinResponse = z.infer<typeof joinResponseSchema>;
export type JoinedResponse = z.infer<typeof joinedResponseSchema>;
export type JoinWaitingResponse = z.infer<typeof joinWaitingResponseSchema>;

/** 409 NAME_CLOSE_TO_LISTED: the typed name is close to a name on the class list ("Are you …?", issue 36). */
export const nameCloseToListedSchema = z
  .object({
    code: z.literal("NAME_CLOSE_TO_LISTED"),
    message: z.string().meta({ description: 'The question for the student, e.g. "Are you Zara Newkid?".' }),
    suggestion: z.strictObject({ firstName: z.string(), lastName: z.string() }).meta({
      id: "NameSuggestion",
      description:
        "The listed name as the class list spells it. Yes: join again with this name. No: join again with the typed name and `newName: true`.",
    }),
  })
  .meta({ id: "NameCloseToListed" });

export const joinCollectRequestSchema = strictBody({
  requestSecret: singleLineText("requestSecret is required")
    .min(1, "requestSecret is required")
    .max(200, "requestSecret is too long"),
}).meta({ id: "JoinCollectRequest" });
export type JoinCollectRequest = z.infer<typeof joinCollectRequestSchema>;

export const heartbeatResponseSchema = z
  .object({ lastSeenAt: z.iso.datetime({ offset: true }) })
  .meta({ id: "HeartbeatResponse" });
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** Whether an assignment is anonymous: the app can tell the student before they answer. */
export const anonymousSchema = z.boolean().meta({
  description:
    "True when the teacher assigned the survey anonymously: nothing the teachers see links these answers to the student (results show no names, no times). Fixed once the survey has started.",
});

export const studentAssignmentSchema = z
  .object({
    assignmentId: z.number().int(),
    surveyId: z.number().int(),
    title: z.string(),
    answered: z.boolean().meta({
      description: "True once the student has submitted a response (it can still be replaced until the survey closes).",
    }),
    submittedAt: z.iso.datetime({ offset: true }).nullable(),
    anonymous: anonymousSchema,
    reminder: z.enum(["yours", "class"]).nullable().meta({
      description:
        'The teacher\'s reminder to show at the top of the list: "yours" ("Your teacher is waiting for your answers to …", until the student answers), "class" (an anonymous survey: the whole class is reminded until it closes, whoever answered); null for none.',
    }),
    status: z.enum(["active", "assigned"]).meta({
      description:
        "`active`: open, it takes answers now. `assigned`: scheduled, not open yet (it opens at `opensAt`). Computed when the list is read, from the teacher's start and close and the schedule.",
    }),
    opensAt: z.iso.datetime({ offset: true }).nullable().meta({ description: "The scheduled opening, or null." }),
    closesAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: "The scheduled close (after it, answers are refused with 409), or null." }),
  })
  .meta({ id: "StudentAssignment" });
export type StudentAssignment = z.infer<typeof studentAssignmentSchema>;

export const assignmentsResponseSchema = z
  .object({ assignments: z.array(studentAssignmentSchema) })
  .meta({ id: "AssignmentsResponse" });
export type AssignmentsResponse = z.infer<typeof assignmentsResponseSchema>;

export const surveyContentResponseSchema = z
  .object({
    survey: z.object({ id: z.number().int(), title: z.string(), fullSlug: z.string() }),
    assignmentId: z.number().int(),
    anonymous: anonymousSchema,
    language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).meta({
      description:
        "The language of `story`: the student's where the survey has a version in it that asks the same questions, else the survey's default (`en`). The student's language is `?lng=` (their choice in the app), else their class's language, else their school's, else `Accept-Language`. Also sent as `Content-Language`.",
      example: "de",
    }),
    story: z
      .object({
        full_slug: z.string(),
        name: z.string(),
        content: z.looseObject({ _uid: z.string(), component: z.literal("survey") }).meta({
          description:
            "The story's Storyblok blocks: a `survey` block with `content[]` and `response[]` (see docs/api.md). A question block may carry a recording of its prompt (`prompt_audio`), an option or face one of its text (`audio`): assets `{ filename }` in this language. A choice in `choices` is its text, or a `response-text-question-answer-choice` block `{ content, audio }` whose `content` is its text.",
        }),
      })
      .meta({ id: "SurveyStory" }),
    choiceValues: z.record(z.string(), z.array(z.string())).meta({
      description:
        "What a choice answer sends, by the answer block's `_uid`: the survey's default choices, in the order `story` shows them. Send `choiceValues[uid][i]` for the i-th choice shown, whatever the language, so answers are stored (and counted) in the survey's own terms.",
      example: { "sy-q2-a1": ["English", "Maths", "Science", "Art", "PE", "Music"] },
    }),
  })
  .meta({ id: "SurveyContentResponse" });
export type SurveyContentResponse = z.infer<typeof surveyContentResponseSchema>;

export const drawingAnswerSchema = strictBody({
  drawingId: z.string().min(1).max(100).check(singleLineCheck).optional().meta({
    description: "A drawing uploaded with POST /assignments/{assignmentId}/drawings.",
  }),
  description: z
    .string()
    .max(MAX_DRAWING_DESCRIPTION_LENGTH)
    .optional()
    .meta({
      description: `The child's "Describe it instead" text, for a child who cannot draw (at most ${MAX_DRAWING_DESCRIPTION_LENGTH} characters).`,
    }),
}).meta({
  id: "DrawingAnswer",
  description:
    "A drawing (`drawingId`), or a short text that describes it instead (`description`), or both; at least one.",
});

export const answerValueSchema = z
  .union([
    z.number().meta({
      description:
        "response-options: the chosen option's index in `response_options`; response-faces: the chosen face's index in `faces`.",
    }),
    z.string().meta({
      description:
        "free-text answer (at most 2000 characters), or one of a choice question's `choices` as GET /surveys/{surveyId} gives them in `choiceValues` (the default's, whatever language was shown).",
    }),
    drawingAnswerSchema,
  ])
  .meta({ id: "AnswerValue" });
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const idempotencyKeySchema = singleLineText()
  .min(1, "Idempotency-Key must not be empty")
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);

export const submitResponseRequestSchema = strictBody({
  answers: z
    .record(z.string().min(1).max(100).check(singleLineCheck), answerValueSchema, {
      error: "answers must be an object keyed by block _uid",
    })
    .meta({
      description:
        "Answers keyed by the asking block's `_uid`. Unknown keys are refused; unanswered fields may be left out.",
    }),
  idempotencyKey: idempotencyKeySchema.optional().meta({
    description:
      "The submission's key, as the Idempotency-Key header (for clients that cannot set headers); if both are sent they must be equal.",
  }),
}).meta({ id: "SubmitResponseRequest" });
export type SubmitResponseRequest = z.infer<typeof submitResponseRequestSchema>;

export const submittedResponseSchema = z
  .object({
    id: z.number().int(),
    assignmentId: z.number().int(),
    answers: z.record(z.string(), answerValueSchema),
    submittedAt: z.iso.datetime({ offset: true }),
    idempotencyKey: z.string().nullable(),
  })
  .meta({ id: "SubmittedResponse" });

export const submitResponseResponseSchema = z
  .object({ response: submittedResponseSchema })
  .meta({ id: "SubmitResponseResponse" });
export type SubmitResponseResponse = z.infer<typeof submitResponseResponseSchema>;

export const drawingUploadQuerySchema = z
  .object({
    fieldUid: z
      .string({ error: "fieldUid is required" })
      .min(1, "fieldUid is required")
      .max(100)
      .check(singleLineCheck),
  })
  .meta({ id: "DrawingUploadQuery" });

export const drawingUploadResponseSchema = z
  .object({
    drawing: z.object({
      id: z.string(),
      fieldUid: z.string(),
      byteSize: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  })
  .meta({ id: "DrawingUploadResponse" });
export type DrawingUploadResponse = z.infer<typeof drawingUploadResponseSchema>;

export const errorResponseSchema = z
  .object({
    code: z.string().meta({ example: "VALIDATION" }),
    message: z.string(),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Per-field messages. For submissions the keys are the blocks' `_uid`s." }),
  })
  .meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const revokeTokensResponseSchema = z
  .object({ revoked: z.number().int(), message: z.string() })
  .meta({ id: "RevokeTokensResponse" });
