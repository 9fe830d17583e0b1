import { useTranslation } from "react-i18next";
import { Text as KitText, Stack } from "~/components/ui/kit";

export interface WrittenAnswer {
  studentName: string | null;
  text: string;
}

/**
 * Students' written answers to one question, latest first, with the student's name where the results
 * show names: a free-text question's answers, or the drawings described instead (issue 37). With
 * `total`, says when the list shows only the latest of them.
 */
export function WrittenAnswers({
  answers,
  labelledBy,
  total,
}: {
  answers: WrittenAnswer[];
  labelledBy: string;
  total?: number;
}) {
  const { t } = useTranslation("staff");
  return (
    <Stack as="ul" gap="2" className="plain-list" aria-labelledby={labelledBy}>
      {answers.map((answer, answerIndex) => (
        <li key={answerIndex} className="freetext-answer">
          <p>
            “<bdi>{answer.text}</bdi>”
          </p>
          {answer.studentName ? (
            <p className="freetext-answer-name">
              <bdi>{answer.studentName}</bdi>
            </p>
          ) : null}
        </li>
      ))}
      {total !== undefined && total > answers.length ? (
        <li>
          <KitText size="2" color="gray">
            {t("Showing the latest {shown} of {count}; the CSV has them all.", { shown: answers.length, count: total })}
          </KitText>
        </li>
      ) : null}
    </Stack>
  );
}
