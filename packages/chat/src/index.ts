export { knowledgePassages, type Passage, type SourceLink } from './knowledge.js';
export {
  createRetriever,
  answerOffline,
  chatCopy,
  type Retriever,
  type Retrieved,
  type OfflineAnswer,
} from './retriever.js';
export {
  parseChatRequest,
  chatLimits,
  chatErrors,
  type ChatTurn,
  type ParsedChatRequest,
} from './request.js';
export { groundedMessages, type PromptMessage } from './prompt.js';
export { parseChatEvent, readChatStream, pieces, type ChatEvent } from './events.js';
export {
  conversationReducer,
  emptyConversation,
  turnsOf,
  type Conversation,
  type ConversationAction,
  type ChatMessage,
} from './conversation.js';
