import { Badge, Callout, Card, Container, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, useLocation } from "react-router";
import { z } from "zod";
import { BackArrow } from "~/components/back-arrow";
import { GeneralErrorBoundary, NotFoundMessage, pageTitle } from "~/components/error-boundary";
import { MessageCard } from "~/components/message-card";
import { LazySurveyPreview } from "~/components/survey/lazy-survey-preview";
import { useStoryblokEditorStory } from "~/components/survey/storyblok-bridge";
import { SurveyLabelsProvider } from "~/components/survey/survey-labels";
import { TextLink } from "~/components/ui/kit-controls";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language, languageDir, languageName } from "~/lib/i18n/languages";
import type { SurveyStory } from "~/lib/survey-content";
import { requireUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { surveyLabelsFor } from "~/server/i18n/catalogues.server";
import {
  editorPreviewLanguage,
  getEditorSurveyPreview,
  isEditorPreviewRequest,
} from "~/server/surveys/editor-preview.server";
import { getSurveyStory } from "~/server/surveys/surveys.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import { parseSearchParams } from "~/server/web/search-params.server";
import { LanguageLinks } from "./__content/language-links";
import type { Route } from "./+types/content";

const NO_SUCH_SURVEY = "There is no survey with this id. It may have been removed from the survey library.";

/** The language to preview (ADR 240): one of the app's languages; none is the survey's default. */
const previewQuerySchema = z.object({
  lang: z
    .enum(LANGUAGE_CODES as [Language, ...Language[]], { error: `lang must be one of ${LANGUAGE_CODES.join(", ")}` })
    .optional(),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, content, drafts, config } = getAppFromContext(context);
  // Storyblok's visual editor signs its own link and sends no staff cookie (ADR 200).
  const editorDrafts = isEditorPreviewRequest(request, config) ? drafts : null;
  if (!editorDrafts) await requireUser(request, context);
  const surveyId = recordIdParam(params.surveyId, NO_SUCH_SURVEY);
  // Inside the editor, Storyblok's own language choice; elsewhere the page's `?lang=` (ADR 240).
  const { searchParams } = new URL(request.url);
  const language = editorDrafts
    ? editorPreviewLanguage(searchParams)
    : (parseSearchParams(previewQuerySchema, searchParams).lang ?? DEFAULT_LANGUAGE);
  // The 404 page says the domain's reason (no such survey, or no longer published).
  const preview = await orNotFound(
    editorDrafts
      ? getEditorSurveyPreview(db, editorDrafts, surveyId, language)
      : getSurveyStory(db, content, surveyId, language),
    (error) => error.message,
  );
  // No copy of the content at all: say so on the page, with an honest status.
  return data(
    {
      ...preview,
      inEditor: Boolean(editorDrafts),
      editorOrigins: config.storyblokEditorOrigins,
      // The preview's own words ("Response", the drawing tools) in the language of the content shown (ADR 229).
      surveyLabels: surveyLabelsFor(preview.language),
    },
    { status: preview.story ? 200 : 503 },
  );
}

export default function SurveyContent({ loaderData }: Route.ComponentProps) {
  const {
    survey,
    story,
    contentError,
    staleSince,
    inEditor,
    editorOrigins,
    language,
    languages,
    missingLanguage,
    surveyLabels,
  } = loaderData;
  const { t, i18n } = useTranslation("staff");
  // The same page again: the editor's signed link, or the language asked for, kept.
  const location = useLocation();
  const retryHref = `/survey/content/${survey.id}${location.search}`;
  const inReadersLanguage = (code: string) => displayLanguageName(code, i18n.language);
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py={{ initial: "4", sm: "6" }}>
      <Flex direction="column" gap="4">
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          {/* Inside Storyblok's editor no link leads to the staff screens (the frame has no staff session). */}
          {inEditor ? null : (
            <TextLink to="/survey" size="2">
              <BackArrow /> {t("All surveys")}
            </TextLink>
          )}
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color="indigo" variant="soft" size="2">
              {t("Read-only preview")}
            </Badge>
            <Text size="1" color="gray" className="survey-slug">
              {survey.fullSlug}
            </Text>
          </Flex>
        </Flex>
        {story ? (
          <Flex direction="column" gap="2">
            {languages.length > 1 ? (
              <LanguageLinks surveyId={survey.id} languages={languages} shown={language} />
            ) : null}
            <Text as="p" size="2" className="survey-preview-language">
              {t("Shown in {language}.", { language: inReadersLanguage(language) })}
              {missingLanguage
                ? ` ${t("This survey has no version in {language}, so its default version is shown.", {
                    language: inReadersLanguage(missingLanguage),
                  })}`
                : null}
            </Text>
          </Flex>
        ) : null}
        {contentError ? (
          <Callout.Root color={story ? "amber" : "red"} role="status">
            <Callout.Text>
              {t(contentError)}
              {staleSince ? ` ${t("(Loaded {time}.)", { time: new Date(staleSince).toUTCString() })}` : null}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {story ? (
          <SurveyLabelsProvider labels={surveyLabels}>
            <LivePreview story={story as SurveyStory} editorOrigins={editorOrigins} language={language} />
          </SurveyLabelsProvider>
        ) : (
          <MessageCard title={survey.title || survey.fullSlug} action={<a href={retryHref}>{t("Try again")}</a>}>
            {t("The preview will be back as soon as the survey content service answers again.")}
          </MessageCard>
        )}
      </Flex>
    </Container>
  );
}

/** A language's name in the reader's language ("German" for an English reader), else its own name. */
function displayLanguageName(code: string, readerLanguage: string): string {
  try {
    return new Intl.DisplayNames([readerLanguage], { type: "language" }).of(code) ?? languageName(code);
  } catch {
    return languageName(code);
  }
}

/** The story, in its language's direction; inside Storyblok's visual editor, live edits replace it. */
function LivePreview({
  story,
  editorOrigins,
  language,
}: {
  story: SurveyStory;
  editorOrigins: string[];
  language: Language;
}) {
  const live = useStoryblokEditorStory(story, editorOrigins);
  return (
    <Card size={{ initial: "2", sm: "4" }}>
      <div lang={language} dir={languageDir(language)} className="survey-preview-content">
        <LazySurveyPreview blok={live.content} />
      </div>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, error, matches }) =>
  pageTitle(`${loaderData?.survey.title || "Survey"} · Preview`, error, matches);

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <Container size="2" px={{ initial: "3", sm: "5" }}>
      <GeneralErrorBoundary
        error={error}
        params={params}
        homeLink={{ to: "/survey", label: "Back to all surveys" }}
        statusHandlers={{
          404: ({ error: notFound }) => (
            <NotFoundMessage>{typeof notFound.data === "string" ? notFound.data : NO_SUCH_SURVEY}</NotFoundMessage>
          ),
        }}
      />
    </Container>
  );
}
