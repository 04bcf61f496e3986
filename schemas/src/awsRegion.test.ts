import { describe, expect, it } from 'vitest';
import { isAwsRegion } from './awsRegion.ts';

describe('isAwsRegion', () => {
  it('accepts the names of AWS regions, including ones numbered past 9', () => {
    for (const region of ['us-east-1', 'eu-west-1', 'ap-southeast-2', 'eu-central-2', 'us-gov-west-1', 'us-iso-east-1', 'ap-southeast-12'])
      expect(isAwsRegion(region)).toBe(true);
  });

  it('refuses anything that could carry other text into a host name or a header', () => {
    for (const text of [
      '',
      'local',
      'eu-west',
      'EU-WEST-1',
      'eu-west-1a',
      'eu_west_1',
      'eu-west-1.evil.example',
      "eu-west-1; script-src 'unsafe-inline'",
      'eu-west-1\n',
    ])
      expect(isAwsRegion(text)).toBe(false);
  });
});
