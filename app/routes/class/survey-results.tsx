import { Badge, Button, Callout, Card, Flex, Grid, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { EmptyState } from "~/components/class/empty-state";
import { formatDateTime, plural, studentName } from "~/components/class/format";
import { ResultBars } from "~/components/class/result-bars";
import { AssignmentStatusBadge } from "~/components/class/status-badge";
import { parseId } from "~/server/api.server";
import { groupProtectionMessage } from "~/lib/privacy";
import { getAssignmentResults } from "~/server/assignments/results.server";
import { listSubmittedDrawings, type SubmittedDrawing } from "~/server/student-api/drawings.server";
import { createSurveyContentLookup } from "~/server/assignments/survey-content.server";
import { notFoundResponse, requireClassTeacher } from "~/server/classes/class-screen.server";
import { isDomainError } from "~/server/errors.server";
import type { Route } from "./+types/survey-results";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, db, config, classId } = await requireClassTeacher(request, context, params.classId);
  const assignmentId = parseId(params.assignmentId);
  try {
    const results = await getAssignmentResults(db, user, { classId, assignmentId }, createSurveyContentLookup(config));
    // Drawings only where the questions are shown (never while small-group protection hides them).
    const hasDrawings = results.questions.some((question) => question.kind === "drawing" && question.answeredCount > 0);
    const drawings = hasDrawings ? await listSubmittedDrawings(db, user, { classId, assignmentId }) : [];
    // An anonymous assignment's drawings come in no telling order.
    if (results.assignment.anonymous) drawings.sort((a, b) => a.drawingId.localeCompare(b.drawingId));
    return { classId, results, drawings };
  } catch (error) {
    if (isDomainError(error) && error.code === "NOT_FOUND") throw notFoundResponse();
    throw error;
  }
}

export default function SurveyResults({ loaderData }: Route.ComponentProps) {
  const { classId, results, drawings } = loaderData;
  const { assignment } = results;
  const base = `/class/${classId}`;
  return (
    <Flex direction="column" gap="5" className="results-page">
      <Flex justify="between" align={{ initial: "start", sm: "center" }} direction={{ initial: "column", sm: "row" }} gap="3">
        <Flex direction="column" gap="1">
          <Text size="2" color="gray" className="no-print">
            <RadixLink asChild>
              <Link to={`${base}/surveys/manage`}>Surveys</Link>
            </RadixLink>{" "}
            / Results
          </Text>
          <Heading as="h1" size="6">
            Results: {assignment.surveyTitle}
          </Heading>
          <Flex gap="2" align="center" wrap="wrap">
            <AssignmentStatusBadge status={assignment.status} />
            {assignment.anonymous ? <Badge color="violet">Anonymous</Badge> : null}
            <Text size="2" color="gray">
              {assignment.startedAt ? `Started ${formatDateTime(assignment.startedAt)}` : "Not started yet"}
              {assignment.closedAt ? ` · closed ${formatDateTime(assignment.closedAt)}` : ""}
            </Text>
          </Flex>
        </Flex>
        <Flex gap="2" className="no-print" wrap="wrap">
          <Button asChild variant="soft">
            <a href={`${base}/surveys/results/${assignment.id}/csv`} download>
              Download CSV
            </a>
          </Button>
        </Flex>
      </Flex>

      <Card size="3">
        <Flex direction="column" gap="2">
          <Heading as="h2" size="4">
            Response rate
          </Heading>
          <Text size="6" weight="bold" data-testid="response-rate">
            {results.responseRatePercent}%
          </Text>
          <div className="rate-meter" aria-hidden="true">
            <span style={{ width: `${results.responseRatePercent}%` }} />
          </div>
          <Text size="2" color="gray">
            {plural(results.respondedCount, "response")} from a class of {plural(results.studentCount, "student")}.
          </Text>
        </Flex>
      </Card>

      {assignment.anonymous ? (
        <Callout.Root color="violet" role="note">
          <Callout.Text>
            Anonymous survey: answers are shown without names, written answers in random order, and nothing on this
            page or in the CSV links an answer to a student.
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {results.groupProtection?.hidden ? (
        <EmptyState title="Answers hidden to protect a small group">
          {groupProtectionMessage(results.groupProtection.threshold, results.respondedCount)}
        </EmptyState>
      ) : !results.contentAvailable ? (
        <EmptyState title="The survey's questions could not be loaded">
          The counts above are correct, but the survey content is unavailable right now, so the answers cannot be
          shown per question. Try again in a minute, or download the CSV.
        </EmptyState>
      ) : results.respondedCount === 0 ? (
        <EmptyState title="No responses yet">
          {assignment.status === "active"
            ? "The survey is open in the student app. Results appear here as students answer."
            : "Start the survey from Manage surveys so students can answer it."}
        </EmptyState>
      ) : (
        <Flex direction="column" gap="4">
          {results.questions.map((question, index) => {
            const headingId = `question-${index}`;
            const title = question.questionNumber ? `${question.questionNumber}. ${question.prompt}` : question.prompt;
            return (
              <Card key={question.uid} size="3" className="results-question">
                <Flex direction="column" gap="3">
                  <Flex direction="column" gap="1">
                    <Heading as="h2" size="4" id={headingId}>
                      {title || "Question"}
                    </Heading>
                    <Text size="2" color="gray">
                      {plural(question.answeredCount, "answer")}
                    </Text>
                  </Flex>
                  {question.kind === "option" || question.kind === "choice" ? (
                    <ResultBars options={question.options} total={question.answeredCount} labelledBy={headingId} />
                  ) : question.kind === "freetext" ? (
                    question.answers.length === 0 ? (
                      <Text size="2" color="gray">
                        No written answers yet.
                      </Text>
                    ) : (
                      <Flex direction="column" gap="2" asChild>
                        <ul className="plain-list" aria-labelledby={headingId}>
                          {question.answers.map((answer, answerIndex) => (
                            // Plain elements: a long list of Radix cards is the page's main render cost.
                            <li key={answerIndex} className="freetext-answer">
                              <p>“{answer.text}”</p>
                              {answer.studentName ? <p className="freetext-answer-name">{answer.studentName}</p> : null}
                            </li>
                          ))}
                          {question.answeredCount > question.answers.length ? (
                            <li>
                              <Text size="2" color="gray">
                                Showing the latest {question.answers.length} of {question.answeredCount}; the CSV has them all.
                              </Text>
                            </li>
                          ) : null}
                        </ul>
                      </Flex>
                    )
                  ) : (
                    <DrawingGallery drawings={drawings.filter((drawing) => drawing.fieldUid === question.uid)} labelledBy={headingId} />
                  )}
                </Flex>
              </Card>
            );
          })}
        </Flex>
      )}

      {assignment.anonymous ? (
        <Card size="2">
          <Heading as="h2" size="4" mb="2">
            Who has responded
          </Heading>
          <Text size="2" color="gray" as="p">
            {results.respondedTotal} responded, {results.notRespondedTotal} not yet. For an anonymous survey the names
            are not listed; each student's page shows only “responded” or “not yet”.
          </Text>
        </Card>
      ) : (
      <Grid columns={{ initial: "1", sm: "2" }} gap="4">
        <Card size="2">
          <Heading as="h2" size="4" mb="2" id="responded-heading">
            Responded ({results.respondedTotal})
          </Heading>
          {results.responded.length === 0 ? (
            <Text size="2" color="gray">
              Nobody yet.
            </Text>
          ) : (
            <ul className="plain-list name-columns" aria-labelledby="responded-heading">
              {results.responded.map((student) => (
                <li key={student.id}>
                  <Link className="name-link" to={`${base}/student/${student.id}`}>
                    {studentName(student)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {results.respondedTotal > results.responded.length ? (
            <Text size="1" color="gray" as="p" mt="2">
              and {results.respondedTotal - results.responded.length} more (see the CSV).
            </Text>
          ) : null}
        </Card>
        <Card size="2">
          <Heading as="h2" size="4" mb="2" id="not-responded-heading">
            Not responded ({results.notRespondedTotal})
          </Heading>
          {results.notResponded.length === 0 ? (
            <Text size="2" color="gray">
              {results.studentCount === 0 ? "The class has no students yet." : "Everyone has responded."}
            </Text>
          ) : (
            <ul className="plain-list name-columns" aria-labelledby="not-responded-heading">
              {results.notResponded.map((student) => (
                <li key={student.id}>
                  <Link className="name-link" to={`${base}/student/${student.id}`}>
                    {studentName(student)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {results.notRespondedTotal > results.notResponded.length ? (
            <Text size="1" color="gray" as="p" mt="2">
              and {results.notRespondedTotal - results.notResponded.length} more.
            </Text>
          ) : null}
        </Card>
      </Grid>
      )}
    </Flex>
  );
}

const DRAWINGS_SHOWN = 50;

/** Students' drawings for one question, as images the teacher's session may load. */
function DrawingGallery({ drawings, labelledBy }: { drawings: SubmittedDrawing[]; labelledBy: string }) {
  if (drawings.length === 0) {
    return (
      <Text size="2" color="gray">
        No drawings yet. Students draw in the Orliverse app.
      </Text>
    );
  }
  return (
    <>
      <ul className="plain-list drawing-gallery" aria-labelledby={labelledBy}>
        {drawings.slice(0, DRAWINGS_SHOWN).map((drawing) => {
          const name = drawing.firstName ? `${drawing.firstName} ${drawing.lastName ?? ""}`.trim() : null;
          return (
            <li key={drawing.drawingId}>
              <figure>
                <a href={drawing.url}>
                  <img src={drawing.url} alt={name ? `Drawing by ${name}` : "A student's drawing"} loading="lazy" width={300} height={200} />
                </a>
                {name ? <figcaption>{name}</figcaption> : null}
              </figure>
            </li>
          );
        })}
      </ul>
      {drawings.length > DRAWINGS_SHOWN ? (
        <Text size="2" color="gray">
          Showing {DRAWINGS_SHOWN} of {drawings.length} drawings.
        </Text>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Results: ${data?.results.assignment.surveyTitle ?? "survey"} · Orliverse Classroom` },
];
