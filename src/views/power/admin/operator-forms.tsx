import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { Button } from "../../../ui/button.tsx";
import { Checkbox, Field } from "../../../ui/fields.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { toast } from "../../../ui/toaster.tsx";
import { parsePower } from "../amount.ts";
import { useMoneyAction } from "../money-action.ts";
import { RefusalMessage } from "../refusal-message.tsx";

/** One operator form: fields, a submit button, its refusal under it. */
function OperatorForm(props: {
  title: string;
  testId: string;
  submit: string;
  busy: boolean;
  disabled: boolean;
  onSubmit(): void;
  children: ReactNode;
  refusal: ReturnType<typeof useMoneyAction>["refusal"];
}) {
  return (
    <SettingsSection title={props.title}>
      <form
        className="space-y-3 p-4"
        data-testid={props.testId}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        <Button
          type="submit"
          size="sm"
          loading={props.busy}
          disabled={props.disabled}
          data-testid={`${props.testId}-submit`}
        >
          {props.submit}
        </Button>
        <RefusalMessage refusal={props.refusal} testId={props.testId} />
      </form>
    </SettingsSection>
  );
}

/** Creates POWER in a user's wallet, from the mint account. */
export function MintForm() {
  const { t } = useTranslation("power");
  const action = useMoneyAction();
  const [user, setUser] = useState("");
  const [text, setText] = useState("");
  const [comment, setComment] = useState("");
  const amount = parsePower(text);
  return (
    <OperatorForm
      title={t("admin.mint.title")}
      testId="admin-mint"
      submit={t("admin.mint.submit")}
      busy={action.busy}
      disabled={!amount || !user.trim()}
      refusal={action.refusal}
      onSubmit={async () => {
        if (!amount) return;
        const done = await action.run((api, headers) =>
          api.call(
            endpointInfo.wallets.adminMint,
            { userId: user.trim(), amount, ...(comment ? { comment } : {}) },
            { silent: true, retry: false, headers },
          ),
        );
        if (done) {
          toast.success(t("admin.mint.done"));
          setText("");
        }
      }}
    >
      <Field
        label={t("admin.mint.user")}
        value={user}
        onChange={(e) => setUser(e.target.value)}
        data-testid="admin-mint-user"
      />
      <Field
        label={t("admin.amount")}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="admin-mint-amount"
      />
      <Field
        label={t("admin.mint.comment")}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </OperatorForm>
  );
}

/** The POWER shared by each day's claims. */
export function DailyPoolForm() {
  const { t } = useTranslation("power");
  const action = useMoneyAction();
  const [text, setText] = useState("");
  // Zero is a valid pool (no daily POWER); the parser only takes positive amounts.
  const amount = text.trim() === "0" ? "0" : parsePower(text);
  return (
    <OperatorForm
      title={t("admin.pool.title")}
      testId="admin-pool"
      submit={t("admin.pool.submit")}
      busy={action.busy}
      disabled={amount === null}
      refusal={action.refusal}
      onSubmit={async () => {
        if (amount === null) return;
        const done = await action.run((api, headers) =>
          api.call(
            endpointInfo.wallets.adminDailyPool,
            { amount },
            { silent: true, retry: false, headers },
          ),
        );
        if (done) toast.success(t("admin.pool.done"));
      }}
    >
      <Field
        label={t("admin.amount")}
        hint={t("admin.pool.hint")}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="admin-pool-amount"
      />
    </OperatorForm>
  );
}

/** Makes users eligible for an airdrop of an amount (verified: they may claim it at once). */
export function AirdropForm() {
  const { t } = useTranslation("power");
  const action = useMoneyAction();
  const [users, setUsers] = useState("");
  const [text, setText] = useState("");
  const [verified, setVerified] = useState(true);
  const amount = parsePower(text);
  const userIds = users
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  return (
    <OperatorForm
      title={t("admin.airdrop.title")}
      testId="admin-airdrop"
      submit={t("admin.airdrop.submit")}
      busy={action.busy}
      disabled={!amount || userIds.length === 0}
      refusal={action.refusal}
      onSubmit={async () => {
        if (!amount) return;
        const done = await action.run((api, headers) =>
          api.call(
            endpointInfo.wallets.adminAirdrops,
            { userIds, amount, verified },
            { silent: true, retry: false, headers },
          ),
        );
        if (done) toast.success(t("admin.airdrop.done", { count: userIds.length }));
      }}
    >
      <Field
        label={t("admin.airdrop.users")}
        hint={t("admin.airdrop.usersHint")}
        value={users}
        onChange={(e) => setUsers(e.target.value)}
        data-testid="admin-airdrop-users"
      />
      <Field
        label={t("admin.amount")}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="admin-airdrop-amount"
      />
      <Checkbox
        label={t("admin.airdrop.verified")}
        checked={verified}
        onChange={(e) => setVerified(e.target.checked)}
      />
    </OperatorForm>
  );
}
