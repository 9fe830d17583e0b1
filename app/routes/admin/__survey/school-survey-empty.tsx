import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/class/empty-state";

/**
 * The school view's first-time states (issue 38), each saying what to do next: a school with no
 * classes yet, classes but none has started the survey, or classes started but none with enough
 * answers to show (then the charts below still list them, each "too few answers to show").
 */
export function SchoolSurveyEmpty({
  schoolClassCount,
  startedCount,
  threshold,
}: {
  schoolClassCount: number;
  startedCount: number;
  threshold: number;
}) {
  const { t } = useTranslation("staff");
  if (schoolClassCount === 0)
    return (
      <EmptyState
        title={t("This school has no classes yet")}
        action={{ to: "/admin/create-class", label: t("Create a class") }}
      >
        {t(
          "Once a class of this school starts this survey, its answers show here. Create a class and give it a teacher, who assigns the survey from the class's survey library.",
        )}
      </EmptyState>
    );
  if (startedCount === 0)
    return (
      <EmptyState title={t("No class has started this survey yet")}>
        {t(
          "Teachers assign it from their class's survey library and start it; each class then shows here with its latest round.",
        )}
      </EmptyState>
    );
  return (
    <EmptyState title={t("No answers to show yet")}>
      {t(
        "{count, plural, one {# class has} other {# classes have}} started this survey. A class shows here once at least {threshold} of its students have answered; its teacher can remind those who have not from the survey's results.",
        { count: startedCount, threshold },
      )}
    </EmptyState>
  );
}
