import { useEffect, useState } from "react";
import { Rich, useT } from "../../components/i18n";

/** Spec section 9: the warning colour at or under 300 seconds. */
const warningSeconds = 300;

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The cart-reserved notice (spec section 4). The server says how long is left; with
 * JavaScript it ticks. At 0 it says "Cart expired!" and nothing is blocked.
 */
export function CartCountdown({ secondsLeft }: { secondsLeft: number }) {
  const t = useT();
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const endsAt = Date.now() + secondsLeft * 1000;
    setLeft(secondsLeft);
    const timer = setInterval(() => setLeft(Math.max(0, Math.round((endsAt - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  const className = left <= warningSeconds ? "countdown countdown-warning" : "countdown";
  return (
    <p className={className}>
      {left > 0 ? (
        <Rich
          id="finalCheckout.reservedFor"
          values={{
            time: (
              <time dateTime={`PT${left}S`} className="countdown-time">
                {clock(left)}
              </time>
            ),
          }}
        />
      ) : (
        <strong>{t("finalCheckout.cartExpired")}</strong>
      )}
    </p>
  );
}
