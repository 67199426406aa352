// rsp_xbar: the bank-to-port response crossbar shared by the banked storage blocks (rf, rfc);
// contract identical to cmodel/bank_arb.h (rsp_xbar). Combinational: the data of every bank
// whose output goes to a port (sel_i bit b*NumPorts + p: bank b answers port p) reaches it; a
// port is read by at most one bank per cycle (bank_arb grants a port once), so a port's data is
// an AND-OR over the banks. The select is one-hot per bank, from the grants themselves in the
// grant cycle, so that no port number is encoded and decoded again on the way to the data.
module rsp_xbar #(
    parameter NumBanks = 4,
    parameter NumPorts = 12,
    parameter DataBits = 1024
) (
    input  wire [NumBanks*NumPorts-1:0] sel_i,
    input  wire [NumBanks*DataBits-1:0] data_i,
    output reg  [NumPorts-1:0]          rsp_valid_o,
    output reg  [NumPorts*DataBits-1:0] rsp_data_o
);
  integer p, b;
  always @* begin
    rsp_valid_o = {NumPorts{1'b0}};
    for (p = 0; p < NumPorts; p = p + 1) begin
      rsp_data_o[p*DataBits +: DataBits] = {DataBits{1'b0}};
      for (b = 0; b < NumBanks; b = b + 1)
        if (sel_i[b*NumPorts + p]) begin
          rsp_valid_o[p] = 1'b1;
          rsp_data_o[p*DataBits +: DataBits] = rsp_data_o[p*DataBits +: DataBits] | data_i[b*DataBits +: DataBits];
        end
    end
  end
endmodule
