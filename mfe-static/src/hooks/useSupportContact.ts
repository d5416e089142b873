import { getRuntimeConfig } from '@skynet/shared';

/** Used when /config.json gives no support e-mail (see README). */
export const DEFAULT_SUPPORT_EMAIL = 'support@skynet.example';
/** Used when /config.json gives no support phone: a fictional Vancouver (Canada) number (see README). */
export const DEFAULT_SUPPORT_PHONE = '+1 604 555 0199';

export interface SupportContact {
  email: string;
  phone: string;
  /** The phone number as a tel: link. */
  phoneHref: string;
}

/** The support e-mail and phone from the runtime configuration, with defaults when unset. */
export function useSupportContact(): SupportContact {
  const config = getRuntimeConfig();
  const email = config.supportEmail?.trim() || DEFAULT_SUPPORT_EMAIL;
  const phone = config.supportPhone?.trim() || DEFAULT_SUPPORT_PHONE;
  return { email, phone, phoneHref: `tel:${phone.replace(/[^\d+]/g, '')}` };
}
