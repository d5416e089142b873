// The entity schemas live in @skynet/contract/api (one definition for the API, the kit and the OpenAPI document);
// their types, derived from them, in @skynet/contract. The API's repositories keep importing the types from here.
export type {
  BlockedUser,
  Comment,
  ConversationRow,
  CurrentUser,
  Faq,
  Message,
  MessageDay as DayGroup,
  MutedWord,
  Planet,
  Post,
  PostVersion,
  User,
} from '@skynet/contract';
