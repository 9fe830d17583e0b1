import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { studentName } from "~/components/class/format";
import { Card, Grid, Heading, Text as KitText } from "~/components/ui/kit";
import type { AssignmentResults } from "~/server/assignments/results.server";

/** Who has responded: for an anonymous survey only the counts, otherwise the names, each linking to the student's page. */
export function Respondents({ base, results }: { base: string; results: AssignmentResults }) {
  const { t } = useTranslation("staff");
  const { assignment } = results;
  return assignment.anonymous ? (
    <Card size="2">
      <Heading as="h2" size="4" mb="2">
        {t("Who has responded")}
      </Heading>
      <KitText as="p" size="2" color="gray">
        {t(
          "{responded} responded, {notYet} not yet. For an anonymous survey nothing shows who has answered or when, only how many.",
          { responded: results.respondedTotal, notYet: results.notRespondedTotal },
        )}
      </KitText>
    </Card>
  ) : (
    <Grid columns={{ initial: "1", sm: "2" }} gap="4">
      <StudentList
        id="responded-heading"
        title={t("Responded ({count})", { count: results.respondedTotal })}
        base={base}
        students={results.responded}
        empty={t("Nobody yet.")}
        more={
          results.respondedTotal > results.responded.length
            ? t("and {count} more (see the CSV).", { count: results.respondedTotal - results.responded.length })
            : null
        }
      />
      <StudentList
        id="not-responded-heading"
        title={t("Not responded ({count})", { count: results.notRespondedTotal })}
        base={base}
        students={results.notResponded}
        empty={results.studentCount === 0 ? t("The class has no students yet.") : t("Everyone has responded.")}
        more={
          results.notRespondedTotal > results.notResponded.length
            ? t("and {count} more.", { count: results.notRespondedTotal - results.notResponded.length })
            : null
        }
      />
    </Grid>
  );
}

/** Who has (or has not) responded: names linking to each student's page. */
function StudentList(props: {
  id: string;
  title: string;
  base: string;
  students: { id: number; firstName: string; lastName: string }[];
  empty: string;
  more: string | null;
}) {
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="2" id={props.id}>
        {props.title}
      </Heading>
      {props.students.length === 0 ? (
        <KitText size="2" color="gray">
          {props.empty}
        </KitText>
      ) : (
        <ul className="plain-list name-columns" aria-labelledby={props.id}>
          {props.students.map((student) => (
            <li key={student.id}>
              <Link className="name-link" to={`${props.base}/student/${student.id}`}>
                <bdi>{studentName(student)}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {props.more ? (
        <KitText as="p" size="1" color="gray" mt="2">
          {props.more}
        </KitText>
      ) : null}
    </Card>
  );
}
