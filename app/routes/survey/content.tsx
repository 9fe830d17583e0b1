import { Badge, Box, Button, Callout, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, useLocation } from "react-router";
import { GeneralErrorBoundary, NotFoundMessage, pageTitle } from "~/components/error-boundary";
import { LazySurveyPreview } from "~/components/survey/lazy-survey-preview";
import { useStoryblokEditorStory } from "~/components/survey/storyblok-bridge";
import { TextLink } from "~/components/ui/kit-controls";
import type { SurveyStory } from "~/lib/survey-content";
import { requireUser } from "~/server/auth/guards.server";
import { getAppFromContext } from "~/server/context.server";
import { getEditorSurveyPreview, isEditorPreviewRequest } from "~/server/surveys/editor-preview.server";
import { getSurveyStory } from "~/server/surveys/surveys.server";
import { orNotFound, recordIdParam } from "~/server/web/screen-errors.server";
import type { Route } from "./+types/content";

const NO_SUCH_SURVEY = "There is no survey with this id. It may have been removed from the survey library.";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, content, drafts, config } = getAppFromContext(context);
  // Storyblok's visual editor signs its own link and sends no staff cookie (ADR 200).
  const editorDrafts = isEditorPreviewRequest(request, config) ? drafts : null;
  if (!editorDrafts) await requireUser(request, context);
  const surveyId = recordIdParam(params.surveyId, NO_SUCH_SURVEY);
  // The 404 page says the domain's reason (no such survey, or no longer published).
  const preview = await orNotFound(
    editorDrafts ? getEditorSurveyPreview(db, editorDrafts, surveyId) : getSurveyStory(db, content, surveyId),
    (error) => error.message,
  );
  // No copy of the content at all: say so on the page, with an honest status.
  return data(
    { ...preview, inEditor: Boolean(editorDrafts), editorOrigins: config.storyblokEditorOrigins },
    { status: preview.story ? 200 : 503 },
  );
}

export default function SurveyContent({ loaderData }: Route.ComponentProps) {
  const { survey, story, contentError, staleSince, inEditor, editorOrigins } = loaderData;
  // Inside Storyblok's editor no link leads to the staff screens (the frame has no staff session).
  const location = useLocation();
  const retryHref = `/survey/content/${survey.id}${inEditor ? location.search : ""}`;
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py={{ initial: "4", sm: "6" }}>
      <Flex direction="column" gap="4">
        <Flex align="center" justify="between" gap="3" wrap="wrap">
          {inEditor ? null : (
            <TextLink to="/survey" size="2">
              ← All surveys
            </TextLink>
          )}
          <Flex align="center" gap="2" wrap="wrap">
            <Badge color="indigo" variant="soft" size="2">
              Read-only preview
            </Badge>
            <Text size="1" color="gray" className="survey-slug">
              {survey.fullSlug}
            </Text>
          </Flex>
        </Flex>
        {contentError ? (
          <Callout.Root color={story ? "amber" : "red"} role="status">
            <Callout.Text>
              {contentError}
              {staleSince ? ` (Loaded ${new Date(staleSince).toUTCString()}.)` : null}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {story ? (
          <LivePreview story={story as SurveyStory} editorOrigins={editorOrigins} />
        ) : (
          <Card size="3">
            <Flex direction="column" gap="3">
              <Heading as="h1" size="6">
                {survey.title || survey.fullSlug}
              </Heading>
              <Text color="gray">The preview will be back as soon as the survey content service answers again.</Text>
              <Box>
                <Button asChild variant="soft">
                  <a href={retryHref}>Try again</a>
                </Button>
              </Box>
            </Flex>
          </Card>
        )}
      </Flex>
    </Container>
  );
}

/** The story; inside Storyblok's visual editor, live edits replace it. */
function LivePreview({ story, editorOrigins }: { story: SurveyStory; editorOrigins: string[] }) {
  const live = useStoryblokEditorStory(story, editorOrigins);
  return (
    <Card size={{ initial: "2", sm: "4" }}>
      <LazySurveyPreview blok={live.content} />
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  pageTitle(`${loaderData?.survey.title || "Survey"} · Preview`, error);

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
