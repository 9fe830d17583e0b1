import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Flex, Text } from "~/components/ui/kit";

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--accent-9)" />
      <circle cx="11" cy="13" r="2.5" fill="#fff" />
      <circle cx="21" cy="13" r="2.5" fill="#fff" />
      <path d="M10 20c2 3 10 3 12 0" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The product logo, linking to the start page. */
export function Logo({ to = "/" }: { to?: string }) {
  const { t } = useTranslation("common");
  return (
    <Link to={to} className="logo-link" aria-label={t("Orliverse Classroom, start page")}>
      {/* The layout kit (kit.tsx): the logo is on every page. */}
      <Flex align="center" gap="2">
        <LogoMark />
        <Text size="4" weight="bold" className="logo-text">
          Orliverse <Text color="indigo">Classroom</Text>
        </Text>
      </Flex>
    </Link>
  );
}
