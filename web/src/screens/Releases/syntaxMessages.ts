/** jsonc-parser's error codes in words. */
const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'not a number JSON allows',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon (:) is expected after the property name',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing may follow the closing bracket',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfNumber: 'the number is cut short',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape (\\) in a string',
  InvalidCharacter: 'a control character in a string',
};

/** A JSON syntax error in words, as the editor lists it: "a comma is expected at line 4". */
export const syntaxMessage = (code: string, line: number) => `${SYNTAX[code] ?? code} at line ${line}`;
