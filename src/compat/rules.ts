/**
 * The rules of `waymark openapi --check`: each change between a version's
 * snapshot and its current document is one of these. A breaking rule fails
 * the check; the others are listed and pass. `oasdiff` names the checks of
 * oasdiff (the reference list) that each rule corresponds to;
 * docs/compatibility.md compares the two lists.
 */
export interface Rule {
  readonly breaking: boolean;
  /** What the change does to a client of the version, in a sentence. */
  readonly says: string;
  readonly oasdiff: readonly string[];
}

export const RULES = {
  'operation-removed': { breaking: true, says: 'an operation is gone: its requests now get a 404 or a 405', oasdiff: ['api-removed-without-deprecation', 'api-path-removed-without-deprecation', 'api-removed-before-sunset'] },
  'response-status-removed': { breaking: true, says: 'a status the operation answered is no longer documented', oasdiff: ['response-success-status-removed', 'response-non-success-status-removed'] },
  'response-media-type-removed': { breaking: true, says: 'a media type a response was sent in is gone', oasdiff: ['response-media-type-removed'] },
  'response-property-removed': { breaking: true, says: 'a response property a client may read is gone', oasdiff: ['response-required-property-removed', 'response-optional-property-removed'] },
  'response-property-became-optional': { breaking: true, says: 'a response property that was always sent may now be missing', oasdiff: ['response-property-became-optional'] },
  'response-type-widened': { breaking: true, says: 'a response value may now be of a type or value the client never had to handle', oasdiff: ['response-body-type-changed', 'response-property-type-changed', 'response-property-enum-value-added', 'response-property-became-nullable', 'response-body-became-nullable'] },
  'request-media-type-removed': { breaking: true, says: 'a media type a request body was accepted in is refused', oasdiff: ['request-body-media-type-removed'] },
  'request-body-became-required': { breaking: true, says: 'a request without a body is now refused', oasdiff: ['request-body-became-required', 'added-required-request-body'] },
  'request-parameter-added-required': { breaking: true, says: 'a new parameter is required: requests without it are refused', oasdiff: ['new-required-request-parameter', 'new-request-path-parameter'] },
  'request-parameter-became-required': { breaking: true, says: 'a parameter that could be left out is now required', oasdiff: ['request-parameter-became-required'] },
  'request-parameter-removed': { breaking: true, says: 'a parameter the client sends is no longer read: what it asked for is silently ignored', oasdiff: ['request-parameter-removed'] },
  'request-parameter-moved': { breaking: true, says: 'a parameter is read from another place (query, header, path) than the client sends it in', oasdiff: ['request-parameter-removed', 'new-required-request-parameter'] },
  'request-parameter-renamed': { breaking: true, says: 'a path parameter has another name: generated clients that pass it by name break', oasdiff: ['request-path-parameter-renamed'] },
  'request-property-added-required': { breaking: true, says: 'a new body property is required: bodies without it are refused', oasdiff: ['new-required-request-property'] },
  'request-property-became-required': { breaking: true, says: 'a body property that could be left out is now required', oasdiff: ['request-property-became-required'] },
  'request-type-narrowed': { breaking: true, says: 'a request value the client may send (a type or an enum value) is now refused', oasdiff: ['request-parameter-type-changed', 'request-property-type-changed', 'request-body-type-changed', 'request-parameter-enum-value-removed', 'request-property-enum-value-removed', 'request-parameter-became-enum', 'request-property-became-enum', 'request-parameter-became-not-nullable', 'request-property-became-not-nullable'] },
  'request-constraint-tightened': { breaking: true, says: 'a request value the client may send is refused by a tighter constraint (a bound, multipleOf, pattern, format, uniqueItems)', oasdiff: ['request-property-min-length-increased', 'request-property-max-length-decreased', 'request-property-min-increased', 'request-property-max-decreased', 'request-property-min-items-increased', 'request-property-pattern-added', 'request-property-pattern-changed', 'request-parameter-min-length-increased', 'request-parameter-max-length-decreased', 'request-parameter-min-increased', 'request-parameter-max-decreased', 'request-parameter-max-items-decreased', 'request-parameter-pattern-added', 'request-parameter-pattern-changed'] },
  'response-constraint-relaxed': { breaking: true, says: 'a response value may lie outside a constraint the client relied on (a bound, multipleOf, pattern, format, uniqueItems)', oasdiff: ['response-property-max-length-increased', 'response-property-max-length-unset', 'response-property-min-length-decreased', 'response-property-max-increased', 'response-property-min-decreased', 'response-property-min-items-decreased', 'response-property-min-items-unset'] },
  'security-tightened': { breaking: true, says: 'credentials that were accepted no longer satisfy the operation (a scheme or scope added, anonymous access removed)', oasdiff: ['api-security-added', 'api-global-security-added', 'api-security-scope-added', 'api-global-security-scope-added'] },
  'response-header-removed': { breaking: true, says: 'a response header a client may read is no longer documented', oasdiff: ['required-response-header-removed', 'optional-response-header-removed'] },
  'response-header-became-optional': { breaking: true, says: 'a response header that was always sent may now be missing', oasdiff: ['response-header-became-optional'] },
  'request-parameter-style-changed': { breaking: true, says: 'a parameter is serialized another way (style, explode, allowReserved): what the client writes is read differently', oasdiff: ['request-parameter-style-changed', 'request-parameter-explode-changed'] },
  'operation-added': { breaking: false, says: 'a new operation', oasdiff: ['endpoint-added'] },
  'response-status-added': { breaking: false, says: 'a newly documented status', oasdiff: ['response-success-status-added', 'response-non-success-status-added'] },
  'response-media-type-added': { breaking: false, says: 'a response may also be asked for in another media type', oasdiff: ['response-media-type-added'] },
  'response-property-added': { breaking: false, says: 'a new response property (clients ignore what they do not read)', oasdiff: ['response-optional-property-added', 'response-required-property-added'] },
  'response-type-narrowed': { breaking: false, says: 'a response value is of fewer types or values than before', oasdiff: ['response-property-enum-value-removed'] },
  'request-media-type-added': { breaking: false, says: 'a request body may also be sent in another media type', oasdiff: ['request-body-media-type-added'] },
  'request-parameter-added': { breaking: false, says: 'a new optional parameter', oasdiff: ['new-optional-request-parameter'] },
  'request-property-added': { breaking: false, says: 'a new optional body property', oasdiff: ['new-optional-request-property'] },
  'request-property-removed': { breaking: false, says: 'a body property is no longer declared (a client that sends it is not refused unless the object is closed)', oasdiff: ['request-property-removed'] },
  'request-type-widened': { breaking: false, says: 'a request value may be of more types or values than before', oasdiff: ['request-parameter-type-changed', 'request-property-enum-value-added'] },
  'request-constraint-relaxed': { breaking: false, says: 'a request constraint admits more values than before', oasdiff: ['request-property-min-length-decreased', 'request-property-max-length-increased', 'request-property-min-decreased', 'request-property-max-increased', 'request-property-pattern-removed', 'request-parameter-min-decreased', 'request-parameter-max-increased', 'request-parameter-pattern-removed'] },
  'response-constraint-tightened': { breaking: false, says: 'a response value is held to a tighter constraint than before (clients handle fewer cases)', oasdiff: [] },
  'security-relaxed': { breaking: false, says: 'the operation accepts credentials (or their absence) that it refused before', oasdiff: ['api-security-removed', 'api-global-security-removed', 'api-security-scope-removed', 'api-global-security-scope-removed'] },
  'response-header-added': { breaking: false, says: 'a newly documented response header', oasdiff: ['response-header-added'] },
  'request-requirement-relaxed': { breaking: false, says: 'a parameter, property or body that was required may now be left out', oasdiff: ['request-parameter-became-optional', 'request-property-became-optional', 'request-body-became-optional'] },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

/** One change found between a snapshot and the current document. */
export interface Change {
  readonly rule: RuleId;
  readonly breaking: boolean;
  /** Where: the operation (`GET /users/{id}`), then the place inside it. */
  readonly at: string;
}

export function change(rule: RuleId, at: string): Change {
  return { rule, breaking: RULES[rule].breaking, at };
}
