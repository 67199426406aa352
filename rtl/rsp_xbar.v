// rsp_xbar: the bank-to-port response crossbar shared by the banked storage blocks (rf, rfc);
// contract identical to cmodel/bank_arb.h (rsp_xbar). Combinational: the data of every bank
// whose output is valid goes to the port it was read for; a port is read by at most one bank
// per cycle (bank_arb grants a port once), so no two banks drive one port.
module rsp_xbar #(
    parameter NumBanks = 4,
    parameter NumPorts = 12,
    parameter DataBits = 1024
) (
    input  wire [NumBanks-1:0]          valid_i,
    input  wire [NumBanks*PortBits-1:0] port_i,
    input  wire [NumBanks*DataBits-1:0] data_i,
    output reg  [NumPorts-1:0]          rsp_valid_o,
    output reg  [NumPorts*DataBits-1:0] rsp_data_o
);
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  integer p, b;
  always @* begin
    rsp_valid_o = {NumPorts{1'b0}};
    for (p = 0; p < NumPorts; p = p + 1) begin
      rsp_data_o[p*DataBits +: DataBits] = {DataBits{1'b0}};
      for (b = 0; b < NumBanks; b = b + 1)
        if (valid_i[b] && port_i[b*PortBits +: PortBits] == p[PortBits-1:0]) begin
          rsp_valid_o[p] = 1'b1;
          rsp_data_o[p*DataBits +: DataBits] = data_i[b*DataBits +: DataBits];
        end
    end
  end
endmodule
