import { FastifyInstance } from 'fastify';
import { buildCarrierSandbox } from '@lgw/carrier-sandbox';
import sample from '../fixtures/create-shipments.request.json';
import { ARAMEX_CARRIER } from '../aramex.carrier';
import { ARAMEX_SANDBOX_ACCOUNT } from '../aramex.settings';

const SHIPPING = '/aramex/ShippingAPI.V2/Shipping/Service_1_0.svc/json';
const TRACKING = '/aramex/ShippingAPI.V2/Tracking/Service_1_0.svc/json';
const CLIENT_INFO = {
  ...sample.ClientInfo,
  UserName: ARAMEX_SANDBOX_ACCOUNT.username,
  Password: ARAMEX_SANDBOX_ACCOUNT.password,
  AccountNumber: ARAMEX_SANDBOX_ACCOUNT.accountNumber,
  AccountPin: ARAMEX_SANDBOX_ACCOUNT.accountPin,
  AccountEntity: ARAMEX_SANDBOX_ACCOUNT.accountEntity,
  AccountCountryCode: ARAMEX_SANDBOX_ACCOUNT.accountCountryCode,
};
const booking = { ...sample, ClientInfo: CLIENT_INFO };

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = buildCarrierSandbox({ autoAdvanceSeconds: 0, env: {}, carriers: [ARAMEX_CARRIER] }));
  await app.ready();
});
afterEach(() => app.close());

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('aramex dialect', () => {
  it('refuses a ClientInfo it does not know with ERR01, in HasErrors + Notifications', async () => {
    const res = await post(`${SHIPPING}/CreateShipments`, sample);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      HasErrors: true,
      Notifications: [{ Code: 'ERR01', Message: 'ClientInfo - Invalid username or password' }],
    });
  });

  it('books the documented sample: the AWB as ID, the waybill PDF inline (RPT) or by link (URL)', async () => {
    const answer = (await post(`${SHIPPING}/CreateShipments`, booking)).json();
    expect(answer.HasErrors).toBe(false);
    const [shipment] = answer.Shipments;
    expect(shipment.ID).toMatch(/^5\d{10}$/);
    expect(Buffer.from(shipment.ShipmentLabel.LabelFileContents).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const byLink = (
      await post(`${SHIPPING}/PrintLabel`, {
        ClientInfo: CLIENT_INFO,
        ShipmentNumber: shipment.ID,
        ProductGroup: 'DOM',
        OriginEntity: 'RUH',
        LabelInfo: { ReportID: 9201, ReportType: 'URL' },
      })
    ).json();
    const path = new URL(byLink.ShipmentLabel.LabelURL).pathname;
    const pdf = await app.inject({ method: 'GET', url: path });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(Buffer.from(shipment.ShipmentLabel.LabelFileContents))).toBe(true);
  });

  it('refuses a shipment with its reasons per shipment and books nothing', async () => {
    const bad = {
      ...booking,
      Shipments: [
        {
          ...booking.Shipments[0],
          Consignee: { ...booking.Shipments[0].Consignee, Contact: { ...booking.Shipments[0].Consignee.Contact, PersonName: '' } },
        },
      ],
    };
    const answer = (await post(`${SHIPPING}/CreateShipments`, bad)).json();
    expect(answer.HasErrors).toBe(true);
    expect(answer.Shipments[0]).toMatchObject({
      ID: null,
      HasErrors: true,
      Notifications: [{ Code: 'ERR48', Message: 'Consignee name is required' }],
    });
    expect((await app.inject({ method: 'GET', url: '/sandbox/v1/carriers/aramex/stats' })).json()).toMatchObject({
      bookings: 0,
      shipments: 0,
    });
  });

  it('tracks in bulk with .NET dates, the problem code apart, and unknown waybills listed', async () => {
    const awb = (await post(`${SHIPPING}/CreateShipments`, booking)).json().Shipments[0].ID;
    await app.inject({
      method: 'POST',
      url: `/sandbox/v1/carriers/aramex/shipments/${awb}/events`,
      payload: { code: 'EXCEPTION', exception_type: 'ADDRESS_ISSUE', occurred_at: '2026-11-27T10:15:42.500Z' },
    });
    const answer = (
      await post(`${TRACKING}/TrackShipments`, {
        ClientInfo: CLIENT_INFO,
        Shipments: [awb, '50000000000'],
        GetLastTrackingUpdateOnly: false,
      })
    ).json();
    expect(answer.NonExistingWaybills).toEqual(['50000000000']);
    expect(answer.TrackingResults[0].Key).toBe(awb);
    expect(answer.TrackingResults[0].Value[0]).toMatchObject({
      WaybillNumber: awb,
      UpdateCode: 'SH033',
      ProblemCode: 'A16',
      UpdateDateTime: `/Date(${Date.parse('2026-11-27T10:15:42Z')}+0300)/`,
    });
  });
});
