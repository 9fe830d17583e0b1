import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** docs/product.md#toasts-and-router-constants: show after 1000 ms of pending navigation, and stay at least 500 ms. */
export const PENDING_DELAY_MS = 1000;
export const PENDING_MIN_DISPLAY_MS = 500;

export function PendingIndicator() {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visibleSince, setVisibleSince] = useState<number | null>(null);

  useEffect(() => {
    if (busy && visibleSince === null) {
      const timer = setTimeout(() => setVisibleSince(Date.now()), PENDING_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (!busy && visibleSince !== null) {
      const remaining = Math.max(0, PENDING_MIN_DISPLAY_MS - (Date.now() - visibleSince));
      const timer = setTimeout(() => setVisibleSince(null), remaining);
      return () => clearTimeout(timer);
    }
  }, [busy, visibleSince]);

  if (visibleSince === null) return null;
  return (
    <div className="pending-indicator" role="progressbar" aria-label={t("Loading")} aria-busy="true">
      <div className="pending-indicator-bar" />
    </div>
  );
}
