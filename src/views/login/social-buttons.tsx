import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { sanitizeRedirect } from "../../platform/redirect.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { Button } from "../../ui/button.tsx";
import { newUserCallbackUrl } from "../onboarding/guide-store.ts";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";
import { useProviders } from "../settings/account/use-providers.ts";

/**
 * "Continue with …" for each configured provider. The provider sends the browser back to the
 * server, which signs in and redirects to `redirect`, or to /login?error= when it failed.
 */
export function SocialButtons({ redirect, error }: { redirect?: string; error?: string }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const providers = useProviders();
  const action = useAccountAction();

  async function start(provider: string) {
    const answer = await action.run(() =>
      api.call(
        endpointInfo.auth.signInSocial,
        {
          provider,
          callbackURL: sanitizeRedirect(redirect),
          // A provider sign-in that makes the account comes back marked new: the guide shows.
          newUserCallbackURL: newUserCallbackUrl(sanitizeRedirect(redirect)),
          errorCallbackURL: "/login",
        },
        { silent: true },
      ),
    );
    if (answer) window.location.assign(answer.url);
  }

  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3" data-testid="social-sign-in">
      <p className="text-center text-xs tracking-wide text-zinc-500 uppercase">{t("social.or")}</p>
      {error ? (
        <FormMessage error={{ message: t("social.failed"), reason: error }} testId="social" />
      ) : null}
      <FormMessage error={action.error} testId="social-start" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          size="lg"
          className="w-full"
          loading={action.busy}
          onClick={() => void start(provider.id)}
          data-testid={`social-${provider.id}`}
        >
          {t("social.continueWith", { name: provider.name })}
        </Button>
      ))}
    </div>
  );
}
