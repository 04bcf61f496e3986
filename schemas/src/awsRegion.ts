/**
 * An AWS region's name, such as eu-west-1 or us-gov-west-1. The number may have more than one digit,
 * as the AWS SDKs' own partition rules (`\d+`) allow.
 */
export const AWS_REGION_PATTERN = '^[a-z]{2}(-[a-z]+)+-[0-9]+$';

const AWS_REGION = new RegExp(AWS_REGION_PATTERN);

/** Whether text is an AWS region's name; nothing else may be written into an AWS host name. */
export const isAwsRegion = (text: string): boolean => AWS_REGION.test(text);
