import { Box, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Flex as KitFlex, Text as KitText } from "~/components/ui/kit";

export interface ProfileUser {
  name: string;
  email: string;
  school: { name: string } | null;
  /** The user's own language choice (users.locale); null: the school's default, then the browser's. */
  locale?: string | null;
}

export type ProfileState = "loading" | "error" | "loaded";

/** What the header's profile area and its menu show: the profile's state, its user, an avatar beside the name. */
export interface ProfileAreaProps {
  state: ProfileState;
  user: ProfileUser | null;
  avatar?: React.ReactNode;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0][0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1][0] ?? "") : "";
  return (first + last).toUpperCase();
}

/**
 * docs/product.md#profile-area, the header's profile area: avatar with initials, name, e-mail,
 * school name if any; a grey pulsing placeholder while loading; 'Error
 * loading profile' on error; nothing without a user. Every state is phrasing
 * content (spans only), as the <summary> and <button> that hold it require.
 */
export function ProfileArea({ state, user, avatar }: ProfileAreaProps) {
  const { t } = useTranslation("staff");
  if (state === "loading") {
    return (
      <Flex
        as="span"
        align="center"
        gap="2"
        className="profile-placeholder"
        role="status"
        aria-busy="true"
        aria-label={t("Loading profile")}
        data-testid="profile-loading"
      >
        <Box as="span" className="pulse" style={{ width: 36, height: 36, borderRadius: "50%" }} />
        <Flex as="span" direction="column" gap="1">
          <Box as="span" className="pulse" style={{ width: 110, height: 12, borderRadius: 4 }} />
          <Box as="span" className="pulse" style={{ width: 150, height: 10, borderRadius: 4 }} />
        </Flex>
      </Flex>
    );
  }
  if (state === "error") {
    return (
      <Text size="2" color="red" role="alert">
        {t("Error loading profile")}
      </Text>
    );
  }
  if (!user) return null;
  // The loaded state is on every signed-in page: the layout kit (kit.tsx), not Radix's components.
  // Only phrasing content (spans): the area sits inside the menu's <summary> and <button>.
  return (
    <KitFlex as="span" align="center" gap="2" className="profile-area">
      {/* Decorative next to the name: hidden so a screen reader does not say the name twice. */}
      <span className="profile-avatar" aria-hidden="true">
        {avatar}
        <span className={avatar ? "initials-badge" : "initials-circle"} aria-hidden="true">
          {initials(user.name)}
        </span>
      </span>
      <KitFlex as="span" direction="column" align="start" className="profile-text">
        <KitText size="2" weight="medium" className="profile-name">
          <bdi>{user.name}</bdi>
        </KitText>
        <KitText size="1" color="gray" className="profile-email">
          {user.email}
        </KitText>
        {user.school ? (
          <KitText size="1" color="gray" className="profile-school">
            <bdi>{user.school.name}</bdi>
          </KitText>
        ) : null}
      </KitFlex>
    </KitFlex>
  );
}
