export { JSONParser } from './json';
export { FormParser } from './form';
export { MultiPartParser, type MultiPartOptions } from './multipart';
export { TextParser } from './text';
export { RawParser } from './raw';
export { readBody } from './read';
