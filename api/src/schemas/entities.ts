// The entity schemas live in @skynet/contract/api (one definition for the API, the kit and the OpenAPI document);
// their types, derived from them, in @skynet/contract. The API's repositories keep importing the types from here.
export type {
  Comment,
  ConversationRow,
  CurrentUser,
  Faq,
  Message,
  MessageDay as DayGroup,
  Planet,
  Post,
  User,
} from '@skynet/contract';
