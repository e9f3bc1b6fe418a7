import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { AccType, OrderStatus, OtpBody, Texts, validate } from "@shop/contracts";
import { type FormEvent, useState } from "react";
import { heldWhile } from "../../../components/ui/held.ts";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useConfirmDelivery } from "../api/confirm-delivery.ts";
import { useSendDeliveryOtp } from "../api/send-delivery-otp.ts";

/** Spec §2 and §6: admins always; delivery staff while the order is not Delivered; nobody else. */
export const mayCompleteDelivery = (accType: number | undefined, status: number): boolean =>
  accType === AccType.ADMIN || (accType === AccType.DELIVERY && status !== OrderStatus.DELIVERED);

/** Spec §9: the OTP input takes at most 6 characters. */
export const OTP_LENGTH = 6;

const errorText = (e: unknown): string => (isApiError(e) ? e.detail : Texts.failedToFetch);

/** Send an OTP to the customer, then enter it: a right one makes the order Delivered (spec §4). */
export const CompleteDelivery = ({ orderId }: { orderId: string }) => {
  const sendOtp = useSendDeliveryOtp();
  const confirm = useConfirmDelivery();
  const [otp, setOtp] = useState("");
  const [otpError, setOtpError] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (confirm.isPending) return;
    const checked = validate(OtpBody, { otp: otp.trim() });
    if (!checked.ok) {
      setOtpError(checked.errors[0]?.message ?? checked.detail);
      return;
    }
    setOtpError(null);
    // mutateAsync: for delivery staff the Delivered order removes this block, often before the
    // answer, and mutate drops its own callbacks on unmount. A failure shows from `confirm.error`.
    confirm.mutateAsync({ orderId, otp: checked.value.otp }).then(
      () => {
        setOtp("");
        toast.success(Texts.orderUpdated);
      },
      () => {},
    );
  };

  const failure = confirm.error ?? sendOtp.error;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="complete-delivery" sx={{ p: 2 }}>
      <Typography id="complete-delivery" component="h2" variant="h6" gutterBottom>
        Complete Delivery
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <Button
          variant="outlined"
          onClick={() => {
            if (sendOtp.isPending) return;
            confirm.reset();
            sendOtp.mutate(orderId);
          }}
          {...heldWhile(sendOtp.isPending)}
        >
          Send OTP
        </Button>
        {sendOtp.data && <Typography role="status">OTP sent to {sendOtp.data.sentTo}</Typography>}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Confirm delivery"
        sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}
      >
        <TextField
          label="OTP"
          size="small"
          value={otp}
          onChange={(e) => setOtp(e.target.value.slice(0, OTP_LENGTH))}
          error={otpError !== null}
          helperText={otpError}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { maxLength: OTP_LENGTH, inputMode: "numeric" } }}
        />
        <Button type="submit" variant="contained" {...heldWhile(confirm.isPending)}>
          Submit
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(failure)}
        </Alert>
      )}
    </Paper>
  );
};
