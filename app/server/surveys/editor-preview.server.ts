/**
 * The survey preview inside Storyblok's visual editor (ADR 200). The editor
 * frames the preview from its own origin, so the staff cookie (SameSite=Lax)
 * is not sent; the editor's own signed link authorises the preview instead:
 *
 *   _storyblok_tk[space_id]   our space (STORYBLOK_SPACE_ID)
 *   _storyblok_tk[timestamp]  seconds since 1970, at most an hour old
 *   _storyblok_tk[token]      hex SHA-1 of `space_id:preview_token:timestamp`
 *
 * (Storyblok's FAQ "How to verify the preview query parameters of the visual
 * editor"). A valid link shows one survey's draft, read with the preview
 * token, and nothing else; without one the preview stays staff-only.
 */
import { createHash } from "node:crypto";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/lib/i18n/languages";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { notFound } from "../errors.server";
import { safeEqual } from "../security/safe-equal.server";
import { ContentUnavailableError } from "./content-source.server";
import type { StoryblokDraftReader } from "./storyblok-source.server";
import { CONTENT_UNAVAILABLE_MESSAGE, findRegisteredSurvey, type SurveyPreview } from "./surveys.server";

/** Storyblok's own check: a link older than an hour is refused. */
export const EDITOR_LINK_LIFETIME_SECONDS = 3600;
/** A link dated this far ahead of our clock is refused too (clock skew only). */
export const EDITOR_LINK_CLOCK_SKEW_SECONDS = 300;

export type EditorLinkCheck =
  | { ok: true }
  | { ok: false; reason: "not-configured" | "missing" | "wrong-space" | "stale" | "wrong-token" };

type EditorSettings = Pick<Config, "STORYBLOK_SPACE_ID" | "STORYBLOK_PREVIEW_TOKEN">;

export function signEditorLink(spaceId: string, previewToken: string, timestamp: string): string {
  return createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

/** Checks the editor's signed parameters against our space and preview token. */
export function checkEditorLink(
  params: URLSearchParams,
  settings: EditorSettings,
  nowMs: number = Date.now(),
): EditorLinkCheck {
  const { STORYBLOK_SPACE_ID: spaceId, STORYBLOK_PREVIEW_TOKEN: previewToken } = settings;
  if (!spaceId || !previewToken) return { ok: false, reason: "not-configured" };
  const linkSpace = params.get("_storyblok_tk[space_id]");
  const timestamp = params.get("_storyblok_tk[timestamp]");
  const token = params.get("_storyblok_tk[token]");
  if (!linkSpace || !timestamp || !token) return { ok: false, reason: "missing" };
  if (linkSpace !== spaceId) return { ok: false, reason: "wrong-space" };
  const nowSeconds = Math.floor(nowMs / 1000);
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(seconds > nowSeconds - EDITOR_LINK_LIFETIME_SECONDS) || seconds > nowSeconds + EDITOR_LINK_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: "stale" };
  }
  if (!safeEqual(token.toLowerCase(), signEditorLink(spaceId, previewToken, timestamp))) {
    return { ok: false, reason: "wrong-token" };
  }
  return { ok: true };
}

/** The survey preview's path (its single-fetch data request too): the only page the editor may open. */
const PREVIEW_PATH = /^\/survey\/content\/[^/]+?(\.data)?$/;

/**
 * True when this request is the survey preview opened through a valid editor
 * link. The shell, the preview's loader and the security headers (framing)
 * all ask this one question.
 */
export function isEditorPreviewRequest(request: Request, config: EditorSettings, nowMs?: number): boolean {
  const url = new URL(request.url);
  return PREVIEW_PATH.test(url.pathname) && checkEditorLink(url.searchParams, config, nowMs).ok;
}

/**
 * One survey's draft for the editor preview: the survey in the registry, its
 * story's draft from Storyblok. Nothing but the survey's content and title.
 * An unknown survey, or a story gone from Storyblok, is NOT_FOUND; a CDN
 * failure is a message on the page (drafts are never cached).
 */
export async function getEditorSurveyPreview(
  db: Db,
  drafts: StoryblokDraftReader,
  surveyId: number,
  language: Language = DEFAULT_LANGUAGE,
): Promise<SurveyPreview> {
  const survey = await findRegisteredSurvey(db, surveyId);
  // The editor chooses the language itself: no switch in its frame (ADR 240).
  const inLanguage = { language, languages: [], missingLanguage: null };
  try {
    const story = await drafts.getDraftStory(survey.fullSlug, language === DEFAULT_LANGUAGE ? undefined : language);
    if (!story) throw notFound("This survey is not in Storyblok any more, so it cannot be previewed.");
    return { survey, story, contentError: null, staleSince: null, ...inLanguage };
  } catch (error) {
    if (!(error instanceof ContentUnavailableError)) throw error;
    return { survey, story: null, contentError: CONTENT_UNAVAILABLE_MESSAGE, staleSince: null, ...inLanguage };
  }
}

/**
 * The language the editor shows (`_storyblok_lang`: "default" or the
 * language's code): one of ours, else the default.
 */
export function editorPreviewLanguage(params: URLSearchParams): Language {
  const language = params.get("_storyblok_lang")?.toLowerCase();
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
