import { clientId } from "../../api/identity.ts";

/** This browser's name in reading positions: the stable client id its requests carry. */
export function thisDeviceId(): string {
  return clientId();
}
