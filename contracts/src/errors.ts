import { coreErrors } from './core-errors';

/**
 * The one table of error codes: key → numeric code, HTTP status and the user-facing text.
 * Services throw AppError(key); the server maps it to HTTP; the web maps code → text (core codes
 * from `core-errors.ts`, which the login page loads; the others from the server's message, which
 * is this table's text). Texts quoted from the spec are verbatim (typos included).
 */
export const errorCatalog = {
  ...coreErrors,

  DEPARTMENT_NAME_TAKEN: { code: 4601, http: 409, message: 'A department with this name already exists' },
  DEPARTMENT_MANAGER_INVALID: { code: 4602, http: 400, message: 'The manager must be a user of your enterprise' },
  DEPARTMENT_USERS_INVALID: { code: 4603, http: 400, message: 'Some of these users are not in your enterprise' },
  INVITATION_EMAIL_REGISTERED: { code: 4611, http: 409, message: 'A user with this email already exists' },
  INVITATION_ALREADY_PENDING: { code: 4612, http: 409, message: 'This email already has a pending invitation' },
  INVITATION_EXPIRED: {
    code: 4613,
    http: 410,
    message: 'This invitation has expired. Ask your administrator for a new one.',
  },
  INVITATION_REVOKED: { code: 4614, http: 410, message: 'This invitation has been revoked' },
  INVITATION_USED: { code: 4615, http: 410, message: 'This invitation has already been used. Please sign in.' },
  INVITATION_INVALID: { code: 4616, http: 404, message: 'This invitation link is not valid' },
  INVITATION_NOT_PENDING: { code: 4617, http: 409, message: 'Only a pending invitation can be changed' },

  LAST_ADMIN: {
    code: 4101,
    http: 409,
    message: 'The enterprise needs at least one active Administrator. Make another user an Administrator first.',
  },
  SELF_ROLE_CHANGE: { code: 4102, http: 409, message: 'You cannot change your own roles' },
  SELF_DEACTIVATE: { code: 4103, http: 409, message: 'You cannot deactivate or delete your own account' },
  ADMIN_PASSWORD_WRONG: { code: 4104, http: 400, message: 'Your password is not correct' },

  INTEGRATION_NAME_TAKEN: { code: 4801, http: 409, message: 'An integration with this name already exists' },
  INTEGRATION_TEST_UNSUPPORTED: {
    code: 4802,
    http: 400,
    message: 'Test connection is available for GenAI integrations',
  },

  ENTERPRISE_TWO_FACTOR_SELF: {
    code: 4901,
    http: 409,
    message: 'Enable two-factor authentication for yourself on My Profile first, so that you are not locked out',
  },
  AGENT_HAS_CONTENT: {
    code: 101,
    http: 409,
    message: 'Agent has Stories and Intents attached to it. Cannot be deleted',
  },
  AGENT_NAME_TAKEN: { code: 5001, http: 409, message: 'duplication of name' },
  AGENT_CONFIGURATION_REQUIRED: { code: 5002, http: 400, message: 'Please select a configuration' },
  AGENT_CONFIGURATION_UNKNOWN: {
    code: 5003,
    http: 400,
    message: 'The selected configuration does not exist. Choose another or create one.',
  },
  AGENT_DOCUMENT_EXISTS: { code: 5004, http: 409, message: 'File is already exist' },
  AGENT_DOCUMENT_NOT_PDF: { code: 5005, http: 415, message: 'Only PDF documents can be uploaded' },
  AGENT_WEBSITE_REQUIRED: { code: 5006, http: 400, message: 'Please add at least one website URL' },
  AGENT_DOCUMENT_REQUIRED: { code: 5007, http: 400, message: 'Please upload at least one document' },
  AGENT_NOTHING_TO_TRAIN: {
    code: 5008,
    http: 409,
    message: 'Add at least one intent with two training phrases before training the agent',
  },
  AGENT_DOCUMENTS_FULL: { code: 5009, http: 409, message: 'This agent already has the maximum of 100 documents' },
  STORY_NAME_TAKEN: { code: 5011, http: 409, message: 'Duplication of story name' },
  STORY_PARENT_INVALID: {
    code: 5012,
    http: 400,
    message: 'A story cannot be moved under itself or one of its sub-stories',
  },
  STORY_REQUIRED: { code: 5013, http: 400, message: 'Please create story before an Intent' },
  STORY_TOO_DEEP: { code: 5014, http: 400, message: 'Stories can be nested at most 5 levels deep' },
  INTENT_NAME_TAKEN: { code: 5021, http: 409, message: 'Duplicate intent name, intent not created' },
  INTENT_ENTITY_UNKNOWN: { code: 5022, http: 400, message: 'This entity does not exist in the agent' },
  ENTITY_NAME_TAKEN: { code: 5031, http: 409, message: 'An entity with this name already exists in this agent' },
  ENTITY_PATTERN_INVALID: { code: 5032, http: 400, message: 'This pattern is not a valid regular expression' },
  ENTITY_PATTERN_UNSAFE: {
    code: 5033,
    http: 400,
    message: 'This pattern could take too long to match (nested or overlapping repetition such as (a+)+). Simplify it.',
  },
  ENTITY_IN_USE: { code: 5034, http: 409, message: 'This entity is used by intents. Remove it from them first.' },

  NLU_NOT_TRAINED: { code: 5041, http: 409, message: 'This agent is not trained yet. Press Train Agent first.' },
  NLU_CONFIGURATION_REQUIRED: {
    code: 5042,
    http: 400,
    message:
      'This model type classifies through a GenAI configuration. Select one on the Configuration tab, or choose SVM or Semantic.',
  },
  NLU_GENAI_FAILED: { code: 5043, http: 502, message: 'The GenAI endpoint could not answer' },
  NLU_KNOWLEDGE_NOT_BUILT: {
    code: 5045,
    http: 409,
    message:
      'This agent has no knowledge base yet. Add websites or PDF documents on the Knowledge Base tab, then press Train Agent.',
  },
  AGENT_TRAINING_IN_PROGRESS: { code: 5044, http: 409, message: 'This agent is already being trained' },

  ENTERPRISE_LOGO_INVALID: { code: 4902, http: 400, message: 'Please upload a JPEG or PNG image as the logo' },
  CUSTOMER_FIELD_NAME_TAKEN: { code: 5101, http: 409, message: 'A field with this name already exists' },
  CUSTOMER_FIELDS_LIMIT: { code: 5102, http: 409, message: 'An enterprise can define at most 100 customer fields' },
  CUSTOMER_SEGMENT_NAME_TAKEN: { code: 5103, http: 409, message: 'A segment with this name already exists' },
  CUSTOMER_GROUP_NAME_TAKEN: { code: 5104, http: 409, message: 'A group with this name already exists' },
  CUSTOMER_PHONE_TAKEN: { code: 5105, http: 409, message: 'A customer with this phone number already exists' },
  CUSTOMER_INVALID: { code: 5106, http: 400, message: 'Save Failed. Please check for errors in fields' },
  CUSTOMER_UPLOAD_NOT_CSV: { code: 5111, http: 400, message: 'Invalid File Format !' },
  CUSTOMER_UPLOAD_UNREADABLE: {
    code: 5112,
    http: 400,
    message: 'This file is not a readable CSV file (UTF-8 text with a header row).',
  },
  CUSTOMER_UPLOAD_NO_ROWS: { code: 5113, http: 400, message: 'The file has a header row but no data rows' },
  CUSTOMER_UPLOAD_MAPPING: {
    code: 5114,
    http: 400,
    message: 'Map the mandatory fields name and phoneNumber to columns of your file',
  },
  CUSTOMER_UPLOAD_NOT_DRAFT: { code: 5115, http: 409, message: 'This upload has already been submitted' },

  CHANNEL_NAME_TAKEN: { code: 5201, http: 409, message: 'A channel with this name already exists' },
  CHANNEL_INVALID: { code: 5202, http: 400, message: 'Please check the highlighted fields' },
  CHANNEL_DEPARTMENT_UNKNOWN: { code: 5203, http: 400, message: 'Choose a department of your enterprise' },
  CHANNEL_SENDING_UNAVAILABLE: {
    code: 5204,
    http: 409,
    message:
      'Sending through this vendor is not available in Parley yet. The channel can be configured, but messages cannot be sent through it.',
  },
  CHANNEL_TEST_UNAVAILABLE: {
    code: 5205,
    http: 409,
    message: 'This vendor has no call Parley can use to test the credentials',
  },
  CHANNEL_VENDOR_REJECTED: { code: 5206, http: 502, message: 'The vendor refused the message' },
  CHANNEL_VENDOR_UNREACHABLE: { code: 5207, http: 504, message: 'The vendor did not answer in time. Try again.' },
  CHANNEL_OUTSIDE_WINDOW: {
    code: 5208,
    http: 409,
    message:
      'The customer has not written in the last 24 hours: only an approved template can be sent (WhatsApp 131047)',
  },
  CHANNEL_VENDOR_AUTH: {
    code: 5209,
    http: 502,
    message: 'The vendor refused the channel credentials. Check them on the channel.',
  },
  CHANNEL_NOT_SANDBOX: { code: 5210, http: 409, message: 'This is not a Sandbox channel' },
  TEMPLATE_NAME_TAKEN: {
    code: 5301,
    http: 409,
    message: 'A template with this name and language already exists on this channel',
  },
  TEMPLATE_INVALID: { code: 5302, http: 400, message: 'Please check the template: some parts break a limit' },
  TEMPLATE_NOT_APPROVED: { code: 5303, http: 409, message: 'Only an APPROVED template can be sent' },
  TEMPLATE_SUBMIT_FAILED: { code: 5304, http: 502, message: 'The vendor did not accept the template' },
  TEMPLATE_VENDOR_API: {
    code: 5305,
    http: 409,
    message: "This channel's vendor reports template statuses itself: use Sync instead",
  },
  TEMPLATE_CHANNEL_UNKNOWN: { code: 5306, http: 400, message: 'Choose a channel of your enterprise' },
  BROADCAST_INVALID: { code: 5401, http: 400, message: 'Please check the broadcast: some fields need attention' },
  BROADCAST_NO_RECIPIENTS: {
    code: 5402,
    http: 400,
    message: 'None of these numbers can be messaged: see the check for why',
  },
  BROADCAST_CHANNEL_UNKNOWN: { code: 5403, http: 400, message: 'Choose a channel of your enterprise' },
  BROADCAST_TEMPLATE_NOT_APPROVED: { code: 5404, http: 409, message: 'Only an APPROVED template can be sent' },
  BROADCAST_NOTHING_TO_RETRY: {
    code: 5405,
    http: 409,
    message: 'No failed message can be retried: their errors are permanent',
  },
  BLACKLIST_FILE_INVALID: { code: 5411, http: 400, message: 'Invalid file format' },
  TEMPLATE_CHANNEL_TYPE: { code: 5307, http: 400, message: 'Templates are for WhatsApp and RCS channels' },

  CHAT_TAKEN: { code: 5501, http: 409, message: 'Another agent has already picked up this chat' },
  CHAT_NOT_PARTICIPANT: { code: 5502, http: 409, message: 'Pick up the chat before you reply' },
  CHAT_CLOSED: { code: 5503, http: 409, message: 'This chat is closed' },
  CHAT_ACTION_INVALID: { code: 5504, http: 409, message: 'This action is not possible in the chat’s current state' },
  CHAT_AGENT_UNAVAILABLE: { code: 5505, http: 400, message: 'That agent cannot take chats of this department' },
  QUICK_REPLY_TAKEN: { code: 5506, http: 409, message: 'A quick reply with this shortcut already exists' },
  CHAT_CONFIG_INVALID: { code: 5507, http: 400, message: 'Please check the chat configuration' },
  // Campaign protection rules (issue 21 item 3): one monthly budget per department.
  CAMPAIGN_COST_PLAN_TAKEN: { code: 5691, http: 409, message: 'This department already has a monthly budget' },

  // Campaigns (issue 21), 5601–5619: the campaigns core (texts as contracts/src/campaigns.ts campaignMessages).
  CAMPAIGN_INVALID: { code: 5601, http: 400, message: 'Please check the campaign: some fields need attention' },
  CAMPAIGN_RUNNING: {
    code: 5602,
    http: 409,
    message: 'A running campaign cannot be changed: pause or stop it first',
  },
  CAMPAIGN_STATE: { code: 5603, http: 409, message: 'This action is not possible in the campaign’s current state' },
  CAMPAIGN_OWN_ACTIVITY: {
    code: 5604,
    http: 403,
    message: 'You created this campaign: another checker must approve it',
  },
  CAMPAIGN_EDITED_AFTER_APPROVAL: {
    code: 5605,
    http: 409,
    message: 'The campaign was edited after approval: it needs approval again',
  },
  CAMPAIGN_BUDGET_EXCEEDED: { code: 5606, http: 409, message: 'This campaign would exceed the monthly budget' },
  CAMPAIGN_AUDIENCE_EMPTY: {
    code: 5607,
    http: 400,
    message: 'Choose at least one segment, group, uploaded list or filter',
  },
  CAMPAIGN_LIST_INVALID: { code: 5608, http: 400, message: 'Invalid file format' },
  CAMPAIGN_FEATURE_OFF: {
    code: 5610,
    http: 409,
    message: 'This campaign feature is turned off for your enterprise (Enterprise Details → Campaign features)',
  },
  CAMPAIGN_NO_RECIPIENTS: { code: 5609, http: 409, message: 'No customer of this audience can be messaged' },
} as const;

export type ErrorKey = keyof typeof errorCatalog;

const byCode = new Map<number, ErrorKey>(
  Object.entries(errorCatalog).map(([key, value]) => [value.code, key as ErrorKey]),
);

/** The user-facing text for a numeric code, or the spec's default toast. */
export function messageForCode(code: number): string {
  const key = byCode.get(code);
  return key ? errorCatalog[key].message : 'Something went wrong';
}
