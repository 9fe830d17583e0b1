import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Text } from "~/components/ui/kit";
import { TextLink } from "~/components/ui/kit-controls";
import { useHydrated } from "~/lib/use-hydrated";
import { useClassLive } from "./use-class-live";
import { WaitingJoinRequests } from "./waiting-join-requests";

/**
 * The devices waiting to join, kept live (issue 36): the class home and the
 * Students page show them with Admit and Refuse, and reload their data when
 * the class's stream says a device asked, was decided or left, or the class
 * list changed. Without JavaScript a refresh link does it.
 */
export function LiveWaitingJoinRequests({
  classId,
  fromStudentsPage = false,
  ...props
}: Omit<ComponentProps<typeof WaitingJoinRequests>, "from"> & {
  classId: number;
  /** On the Students page: decided through the class home's action, which comes back there. */
  fromStudentsPage?: boolean;
}) {
  const { t } = useTranslation("staff");
  const hydrated = useHydrated();
  useClassLive(
    classId,
    props.requests.map((request) => request.id),
  );
  return (
    <>
      <WaitingJoinRequests
        {...props}
        from={fromStudentsPage ? { action: `/class/${classId}/home`, page: "students" } : undefined}
      />
      {hydrated ? null : (
        <Text size="2" color="gray">
          <TextLink to=".">{t("Refresh to see who is waiting to join")}</TextLink>
        </Text>
      )}
    </>
  );
}
