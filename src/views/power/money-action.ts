import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AppServices, useAppServices } from "../../runtime/app-services.tsx";
import { type ReadFailure, readFailure } from "../../services/server-read.ts";
import { announceWalletChange } from "./use-wallet.ts";

/** A refusal as the dialogs show it: the catalogue code (when there is one) and its words. */
export type MoneyRefusal = Pick<ReadFailure, "code" | "message">;

type Api = AppServices["api"];
export type MoneyCall<T> = (api: Api, headers: Record<string, string>) => Promise<T>;

export type MoneyOutcome<T> = { ok: true; value: T } | { ok: false; refusal: MoneyRefusal };

/**
 * The rules of one money action, outside React: offline it is refused before anything is sent
 * (a payment is never queued); online it carries an Idempotency-Key that stays the same until
 * the server answers, so pressing again after a lost answer never pays twice, while an answer
 * (taken or refused) makes the next press a new action.
 */
export function createMoneyAction(options: {
  api: Api;
  online(): boolean;
  offlineMessage(): string;
  newKey?: () => string;
}) {
  const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());
  let key: string | null = null;
  return {
    async run<T>(call: MoneyCall<T>): Promise<MoneyOutcome<T>> {
      if (!options.online()) {
        return { ok: false, refusal: { code: undefined, message: options.offlineMessage() } };
      }
      key ??= newKey();
      try {
        const value = await call(options.api, { "Idempotency-Key": key });
        key = null;
        return { ok: true, value };
      } catch (error) {
        const { code, message } = readFailure(error);
        if (code !== undefined) key = null;
        return { ok: false, refusal: { code, message } };
      }
    },
    reset() {
      key = null;
    },
  };
}

/**
 * One money action of a screen (claim, tip, boost, purchase, withdraw, operator work): busy
 * while it runs, its refusal (with the catalogue code: 4002 insufficient balance ...) kept for
 * the screen, and every wallet on screen read again once it went through.
 */
export function useMoneyAction() {
  const { t } = useTranslation("power");
  const services = useAppServices();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<MoneyRefusal | null>(null);
  const action = useMemo(
    () =>
      createMoneyAction({
        api: services.api,
        online: () => services.connectivity.browserOnline,
        offlineMessage: () => t("offline"),
      }),
    [services, t],
  );

  const run = useCallback(
    async <T>(call: MoneyCall<T>): Promise<T | undefined> => {
      setRefusal(null);
      setBusy(true);
      const outcome = await action.run(call);
      setBusy(false);
      if (!outcome.ok) {
        setRefusal(outcome.refusal);
        return undefined;
      }
      announceWalletChange();
      return outcome.value;
    },
    [action],
  );
  const reset = useCallback(() => {
    setRefusal(null);
    action.reset();
  }, [action]);
  return { busy, refusal, run, reset };
}
